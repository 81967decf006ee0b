import type { ApiErrorCode } from "@quire/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { applyDiscountCodeToBasket } from "../../flows/discount-codes.flow";
import { operationRoute } from "../../http/operation-route";
import { cartOwnerOf } from "../cart/cart.routes";
import * as cart from "../cart/cart.service";
import * as checkout from "./checkout.service";

// The checkout calls (decision 024). Every change answers the whole summary, as GET
// /baskets/checkout/summary gives it. A guest names their basket by anonymousId (in the query for reads,
// the body for changes) where the store allows guest checkout.
export const checkoutRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ["Checkout"];
  const security: Record<string, string[]>[] = [
    { apiKey: [], storeKey: [] },
    { apiKey: [], storeKey: [], bearer: [] },
  ];
  // A typed address kept in the customer's address book too: a full book, or a country the shop does not list.
  const addressBook: ApiErrorCode[] = ["address_limit_reached", "country_not_supported"];
  const common: ApiErrorCode[] = [
    "password_change_required",
    "privacy_policy_not_accepted",
    "checkout_not_allowed",
    "anonymous_id_required",
    "cart_not_found",
  ];

  app.route({
    ...operationRoute("getCheckoutSummary", {
      schema: {
        tags,
        security,
        "x-error-codes": common,
        summary: "The checkout summary: lines, customer, addresses, delivery, discounts, taxes and totals",
        description: "Taxes are those of the delivery address's country, or of the store's country before one is given. Changes nothing.",
      },
    }),
    handler: async (request) => ({
      data: await checkout.getCheckoutSummary(db, request.ctx, cartOwnerOf(request, request.query.anonymousId)),
    }),
  });

  app.route({
    ...operationRoute("setCheckoutCustomerInfo", {
      schema: { tags, security, "x-error-codes": common, summary: "Set the buyer's name, email and phone" },
    }),
    handler: async (request) => ({
      data: await checkout.setCustomerInfo(db, request.ctx, cartOwnerOf(request, request.body.anonymousId), request.body),
    }),
  });

  app.route({
    ...operationRoute("setCheckoutDeliveryAddress", {
      schema: {
        tags,
        security,
        "x-error-codes": [...common, "country_not_served", ...addressBook],
        summary: "Set the delivery address; clears the chosen delivery option",
        description:
          "The postcode and region are checked by the country's rules (a US address needs its state). With saveToAddressBook, a " +
          "signed-in customer's address also goes into their address book, in the same transaction.",
      },
    }),
    handler: async (request) => ({
      data: await checkout.setDeliveryAddress(db, request.ctx, cartOwnerOf(request, request.body.anonymousId), request.body),
    }),
  });

  app.route({
    ...operationRoute("setCheckoutBillingAddress", {
      schema: {
        tags,
        security,
        "x-error-codes": [...common, ...addressBook],
        summary: "Set the billing address, or use the delivery address",
        description: "With saveToAddressBook, a signed-in customer's address also goes into their address book, in the same transaction.",
      },
    }),
    handler: async (request) => ({
      data: await checkout.setBillingAddress(db, request.ctx, cartOwnerOf(request, request.body.anonymousId), request.body),
    }),
  });

  app.route({
    ...operationRoute("listCheckoutDeliveryOptions", {
      schema: {
        tags,
        security,
        "x-error-codes": [...common, "delivery_address_required"],
        summary: "The delivery options for the delivery address's country, with what each would cost this basket",
      },
    }),
    handler: async (request) => ({
      data: await checkout.listAvailableDeliveryOptions(db, request.ctx, cartOwnerOf(request, request.query.anonymousId)),
    }),
  });

  app.route({
    ...operationRoute("setCheckoutDeliveryOption", {
      schema: {
        tags,
        security,
        "x-error-codes": [...common, "delivery_address_required", "delivery_option_not_found"],
        summary: "Choose a delivery option of the delivery address's zone",
      },
    }),
    handler: async (request) => ({
      data: await checkout.setDeliveryOption(db, request.ctx, cartOwnerOf(request, request.body.anonymousId), request.body),
    }),
  });

  app.route({
    ...operationRoute("applyCheckoutDiscountCode", {
      schema: {
        tags,
        security,
        "x-error-codes": [
          ...common,
          "discount_code_invalid",
          "discount_code_expired",
          "discount_code_not_started",
          "discount_code_minimum_not_met",
          "discount_code_used_up",
          "discount_code_already_used",
          "discount_code_not_combinable",
        ],
        summary: "Apply a discount code",
        description:
          "A basket carries at most one money-off code (percentage or fixed amount) and one free-delivery code. The code's use is " +
          "only counted when the order is placed, where every rule is checked again.",
      },
    }),
    handler: async (request) => ({
      data: await applyDiscountCodeToBasket(
        db,
        request.ctx,
        cartOwnerOf(request, request.body.anonymousId),
        request.body,
        request.ctx.customerId,
      ),
    }),
  });

  app.route({
    ...operationRoute("removeCheckoutDiscountCode", {
      schema: { tags, security, "x-error-codes": [...common, "discount_code_not_applied"], summary: "Remove a discount code" },
    }),
    handler: async (request) => ({
      data: await checkout.removeDiscountCode(db, request.ctx, cartOwnerOf(request, request.body.anonymousId), request.body),
    }),
  });

  app.route({
    ...operationRoute("setCheckoutFields", {
      schema: { tags, security, "x-error-codes": common, summary: "Set the order note: a reference number and a comment" },
    }),
    handler: async (request) => ({
      data: await checkout.setCheckoutFields(db, request.ctx, cartOwnerOf(request, request.body.anonymousId), request.body),
    }),
  });

  // The basket's own changes from the checkout page: what the cart's calls check and answer, then the summary.
  const lineErrors: ApiErrorCode[] = [...common, "line_item_not_found", "item_unavailable", "out_of_stock", "insufficient_stock"];
  const addonErrors: ApiErrorCode[] = [
    ...common,
    "duplicate_line_item",
    "line_item_not_found",
    "item_unavailable",
    "addon_option_invalid",
    "addon_option_conflict",
  ];

  app.route({
    ...operationRoute("setCheckoutLineQuantity", {
      schema: {
        tags,
        security,
        "x-error-codes": [...lineErrors, "sign_in_required"],
        summary: "Set a line's quantity; 0 removes the line",
      },
    }),
    handler: async (request) => {
      const owner = cartOwnerOf(request, request.body.anonymousId);
      return {
        data: await checkout.changeCheckoutLines(db, request.ctx, owner, (tx) =>
          cart.changeLineQuantity(tx, request.ctx, owner, request.body),
        ),
      };
    },
  });

  app.route({
    ...operationRoute("removeCheckoutLines", {
      schema: {
        tags,
        security,
        "x-error-codes": [...common, "sign_in_required", "line_item_not_found"],
        summary: "Remove lines from the basket",
      },
    }),
    handler: async (request) => {
      const owner = cartOwnerOf(request, request.body.anonymousId);
      return {
        data: await checkout.changeCheckoutLines(db, request.ctx, owner, (tx) => cart.removeLines(tx, request.ctx, owner, request.body)),
      };
    },
  });

  app.route({
    ...operationRoute("setCheckoutLineAddons", {
      schema: { tags, security, "x-error-codes": [...addonErrors, "sign_in_required"], summary: "Replace one line's add-on options" },
    }),
    handler: async (request) => {
      const owner = cartOwnerOf(request, request.body.anonymousId);
      return {
        data: await checkout.changeCheckoutLines(db, request.ctx, owner, (tx) =>
          cart.setOneLineAddons(tx, request.ctx, owner, request.body),
        ),
      };
    },
  });

  app.route({
    ...operationRoute("setCheckoutAddonsBulk", {
      schema: {
        tags,
        security,
        "x-error-codes": [...addonErrors, "sign_in_required"],
        summary: "Replace the add-on options of several lines, all or nothing",
      },
    }),
    handler: async (request) => {
      const owner = cartOwnerOf(request, request.body.anonymousId);
      return {
        data: await checkout.changeCheckoutLines(db, request.ctx, owner, (tx) =>
          cart.setLineAddons(tx, request.ctx, owner, request.body.items, "body.items"),
        ),
      };
    },
  });
};
