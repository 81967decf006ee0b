import fastifyMultipart, { type MultipartFile } from "@fastify/multipart";
import { MAX_IMAGE_UPLOAD_BYTES } from "@quire/contracts";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import {
  deleteProductImageFlow,
  listProductImagesFlow,
  setProductImageOrderFlow,
  updateProductImageFlow,
  uploadProductImageFlow,
} from "../../flows/product-images.flow";
import { adminAccess, adminWriteOf } from "../../http/admin-route";
import { answerError, AppError } from "../../http/errors";
import { operationRoute } from "../../http/operation-route";
import type { ImageStorage } from "../media/media.service";

/** The messages of the multipart parser's errors about a malformed form (it gives them no code). */
const FORM_PARSER_ERROR = /^(Multipart: |Unexpected end of (multipart|form)|Malformed part header)/;

/** A product's images (admin API, permission `catalogue`, decision 054): upload, alternative text, order, removal. */
export const productImagesRoutes: FastifyPluginAsyncZod<{ db: Db; storage: ImageStorage }> = async (app, { db, storage }) => {
  const { config, schema, errors } = adminAccess("catalogue");
  const writeConfig = { ...config, auditedInService: true };

  // The form's fields land in the body as values, the file as a File, for the contract's schema to check. One file,
  // a few short fields, nothing else: the limits refuse the rest as it arrives, before it is held in memory.
  await app.register(fastifyMultipart, {
    attachFieldsToBody: "keyValues",
    limits: { fileSize: MAX_IMAGE_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 4096, parts: 5, headerPairs: 20 },
    async onFile(part: MultipartFile) {
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          throw new AppError("image_too_large", `An image may be at most ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} MB`, {
            field: "body.file",
          });
        }
        throw error;
      }
      (part as MultipartFile & { value: unknown }).value = new File([bytes], "upload");
    },
  });
  // The form parser's own complaints (no boundary, a form cut short) are plain errors: they are the client's, a 400.
  app.setErrorHandler((error: FastifyError, request, reply) =>
    answerError(
      FORM_PARSER_ERROR.test(error.message) && !(error instanceof AppError) && error.statusCode === undefined
        ? Object.assign(new AppError("bad_request", `The form could not be read: ${error.message}`), { cause: error })
        : error,
      request,
      reply,
    ),
  );
  const formErrors = ["bad_request", "body_too_large", "unsupported_media_type"] as const;

  app.route({
    ...operationRoute("listProductImages", {
      config,
      schema: { ...schema, "x-error-codes": [...errors, "product_not_found"], summary: "A product's images, in their order" },
    }),
    handler: async (request) => ({ data: { images: await listProductImagesFlow(db, request.ctx.store.id, request.params.id) } }),
  });

  app.route({
    ...operationRoute("uploadProductImage", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [
          ...errors,
          ...formErrors,
          "product_not_found",
          "image_unreadable",
          "image_type_not_supported",
          "image_too_large",
          "image_too_many_pixels",
          "product_image_limit",
        ],
        summary: "Upload an image of a product (a form with the file and its alternative text); it goes after the others",
      },
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await uploadProductImageFlow(db, storage, adminWriteOf(request), request.params.id, request.body) }),
  });

  app.route({
    ...operationRoute("updateProductImage", {
      config: writeConfig,
      schema: { ...schema, "x-error-codes": [...errors, "product_image_not_found"], summary: "Correct an image's alternative text" },
    }),
    handler: async (request) => ({ data: await updateProductImageFlow(db, adminWriteOf(request), request.params.id, request.body.alt) }),
  });

  app.route({
    ...operationRoute("deleteProductImage", {
      config: writeConfig,
      schema: { ...schema, "x-error-codes": [...errors, "product_image_not_found"], summary: "Take an image off its product" },
    }),
    handler: async (request, reply) => {
      await deleteProductImageFlow(db, adminWriteOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...operationRoute("setProductImageOrder", {
      config: writeConfig,
      schema: {
        ...schema,
        "x-error-codes": [...errors, "product_not_found", "product_image_order_incomplete"],
        summary: "Put a product's images in a new order (the first is the one cards show)",
      },
    }),
    handler: async (request) => ({
      data: { images: await setProductImageOrderFlow(db, adminWriteOf(request), request.params.id, request.body.imageIds) },
    }),
  });
};
