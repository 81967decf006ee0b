import {
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_IMAGES_PER_PRODUCT,
  type AdminProduct,
  type CatalogueFileFormat,
  type CatalogueFileProblem,
  type CatalogueImport,
  type UpdateAdminProductBody,
  type UpdateAdminVariantBody,
} from "@quire/contracts";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { changedFields, recordAdminWrite, type AdminWrite } from "../modules/audit/audit.service";
import {
  addCheckedVariant,
  createCheckedProducts,
  ensureAttributeValues,
  findAdminProducts,
  findCatalogueNames,
  findIsbnOwners,
  findSkuOwners,
  setAdminVariantPrices,
  setAdminVariantTierPrices,
  updateAdminProduct,
  updateAdminVariant,
  type NewProduct,
  type NewVariant,
} from "../modules/catalog/catalog-admin.service";
import {
  addImportWarnings,
  catalogueHeader,
  catalogueRows,
  exportLookups,
  findImportForRun,
  finishImport,
  insertImport,
  markImportRunning,
  nextPendingProducts,
  nextProductsWithImages,
  readCatalogueFile,
  sameSafety,
  settleProducts,
  slugOf,
  type ExportImage,
  type ExportNames,
  type ImageDraft,
  type ImportRequester,
  type ProductDraft,
  type VariantDraft,
} from "../modules/catalogue-files/catalogue-files.service";
import {
  addProductImage,
  findImagesOfProducts,
  findProductImageKeys,
  findProductImageSources,
  findProductImage,
} from "../modules/catalog/product-images.service";
import { setVariantStock } from "../modules/inventory/inventory.service";
import { fetchRemoteImage, RemoteImageRefused } from "../modules/media/remote-image";
import { ImageRefused, storeImage, type ImageStorage } from "../modules/media/media.service";
import { enqueue } from "../modules/jobs/job-queue";
import { findStoreCurrencies } from "../modules/stores/stores.service";

/*
 * The merchant's catalogue import and export (decision 053). A file is read once (modules/catalogue-files) into
 * product drafts; each draft is then matched to the store: its handle to a product's slug, its SKUs to variants, its
 * names (product type, category slugs, attribute values) to ids. A draft becomes a creation, a change of exactly the
 * fields that differ, nothing (it is as the shop has it already: an import run twice changes nothing), or a failure
 * naming its row and column. The dry run stops there; the import writes each product in a transaction of its own
 * (never half a product) together with its audit entry and its place in the import's counts, so a run that stops
 * carries on from the first product not yet written.
 */

export interface Store {
  id: number;
  currencyCodes: readonly string[];
  defaultCurrencyCode: string;
}

type Names = Awaited<ReturnType<typeof findCatalogueNames>>;

/** What an import does with one draft. */
type Plan =
  | { kind: "create"; product: NewProduct & { taxClass?: "books" | "standard" }; newValues: NewAttributeValue[] }
  | {
      kind: "update";
      before: AdminProduct;
      body: UpdateAdminProductBody | null;
      prices: { variantId: number; prices: NewVariant["prices"] }[];
      variantFields: { variantId: number; fields: UpdateAdminVariantBody }[];
      tiers: { variantId: number; tierPrices: NonNullable<NewVariant["tierPrices"]> }[];
      stock: { variantId: number; quantity: number }[];
      newVariants: NewVariant[];
      newValues: NewAttributeValue[];
    }
  | { kind: "unchanged"; productId: number }
  | { kind: "failed"; errors: CatalogueFileProblem[] };

/** An attribute value the file names that the store does not have yet: made when its product is written. */
interface NewAttributeValue {
  attributeId: number;
  code: string;
  label: string;
}

/** How many products a run reads and plans at a time; creations among them are written together. */
const BATCH_SIZE = 100;

function columnsOf(format: CatalogueFileFormat) {
  return format === "quire"
    ? { handle: "handle", type: "product_type", categories: "categories", sku: "sku", isbn: "isbn" }
    : { handle: "Handle", type: "Type", categories: "categories", sku: "Variant SKU", isbn: "Variant Barcode" };
}

/** Plans a batch of drafts against the store as it is now: a few statements for the batch, none per draft. */
async function planBatch(db: Db, store: Store, format: CatalogueFileFormat, names: Names, drafts: ProductDraft[]): Promise<Plan[]> {
  const columns = columnsOf(format);
  const existing = new Map(
    (await findAdminProducts(db, store.id, { slugs: drafts.map((draft) => draft.handle) })).map((product) => [product.slug, product]),
  );
  const skuOwners = await findSkuOwners(
    db,
    store.id,
    drafts.flatMap((draft) => draft.variants.map((variant) => variant.sku)),
  );
  const isbnOwners = await findIsbnOwners(
    db,
    store.id,
    drafts.flatMap((draft) => draft.variants.flatMap((variant) => (variant.isbn ? [variant.isbn] : []))),
  );
  // SKUs and ISBNs the batch itself gives to two products: the later one fails.
  const skusInBatch = new Map<string, string>();
  const isbnsInBatch = new Map<string, string>();

  return drafts.map((draft): Plan => {
    const errors: CatalogueFileProblem[] = [];
    const fail = (row: number, column: string | null, code: string, message: string) => errors.push({ row, column, code, message });
    const before = existing.get(draft.handle);
    const firstRow = draft.rows[0]!;

    let productTypeId = before?.productTypeId ?? names.productTypes[0]?.id;
    if (draft.productType !== undefined) {
      const wanted = draft.productType.toLowerCase();
      const type = names.productTypes.find(
        (candidate) => candidate.code.toLowerCase() === wanted || candidate.name.toLowerCase() === wanted,
      );
      if (type) productTypeId = type.id;
      else if (format === "quire") {
        fail(firstRow, columns.type, "product_type_not_found", `The store has no product type "${draft.productType}"`);
      }
    }
    if (productTypeId === undefined) fail(firstRow, columns.type, "product_type_not_found", "The store has no product type yet");

    let categoryIds: number[] | undefined;
    if (draft.categories !== undefined) {
      categoryIds = [];
      for (const slug of draft.categories) {
        const category = names.categories.find((candidate) => candidate.slug === slug);
        if (category) categoryIds.push(category.id);
        else fail(firstRow, columns.categories, "category_not_found", `The store has no category "${slug}": create it first`);
      }
    }

    // Attribute values by label (or code); the ones the store lacks are made with the product.
    const newValues: NewAttributeValue[] = [];
    let attributeValueIds: number[] | undefined;
    if (draft.attributes !== undefined) {
      const named = new Set(Object.keys(draft.attributes));
      const keptIds = (before?.attributeValueIds ?? []).filter(
        (id) => !names.attributes.some((attribute) => named.has(attribute.code) && attribute.values.some((value) => value.id === id)),
      );
      attributeValueIds = [...keptIds];
      for (const [code, labels] of Object.entries(draft.attributes)) {
        const attribute = names.attributes.find((candidate) => candidate.code === code);
        if (!attribute) {
          if (labels.length > 0) fail(firstRow, `attribute_${code}`, "attribute_not_found", `The store has no attribute "${code}"`);
          continue;
        }
        for (const label of labels) {
          const value = attribute.values.find(
            (candidate) => candidate.label.toLowerCase() === label.toLowerCase() || candidate.code === label,
          );
          if (value) attributeValueIds.push(value.id);
          else {
            const valueCode = slugOf(label);
            if (valueCode === "") fail(firstRow, `attribute_${code}`, "invalid_attribute_value", `"${label}" needs a letter or digit`);
            else newValues.push({ attributeId: attribute.id, code: valueCode, label });
          }
        }
      }
    }

    for (const variant of draft.variants) {
      const owner = skuOwners.get(variant.sku.toLowerCase());
      if (owner && owner.slug !== draft.handle) {
        fail(variant.row, columns.sku, "sku_taken", `The SKU "${variant.sku}" belongs to the product "${owner.slug}"`);
      }
      const inBatch = skusInBatch.get(variant.sku.toLowerCase());
      if (inBatch && inBatch !== draft.handle)
        fail(variant.row, columns.sku, "sku_taken", `The SKU "${variant.sku}" is also given to "${inBatch}"`);
      skusInBatch.set(variant.sku.toLowerCase(), draft.handle);
      if (variant.isbn) {
        const isbnOwner = isbnOwners.get(variant.isbn);
        const own = before?.variants.find((candidate) => candidate.sku.toLowerCase() === variant.sku.toLowerCase());
        if (isbnOwner !== undefined && (isbnOwner !== before?.id || (own && own.isbn !== variant.isbn))) {
          fail(variant.row, columns.isbn, "isbn_taken", `The ISBN ${variant.isbn} belongs to another variant`);
        }
        const isbnInBatch = isbnsInBatch.get(variant.isbn);
        if (isbnInBatch && isbnInBatch !== `${draft.handle}/${variant.sku}`) {
          fail(variant.row, columns.isbn, "isbn_taken", `The ISBN ${variant.isbn} is given to two variants`);
        }
        isbnsInBatch.set(variant.isbn, `${draft.handle}/${variant.sku}`);
      }
    }
    if (errors.length > 0) return { kind: "failed", errors };

    if (!before) {
      return {
        kind: "create",
        newValues,
        product: {
          storeId: store.id,
          productTypeId: productTypeId!,
          slug: draft.handle,
          name: draft.name,
          subtitle: draft.subtitle ?? "",
          description: draft.description ?? "",
          series: draft.series ?? "",
          seoTitle: draft.seoTitle ?? "",
          seoDescription: draft.seoDescription ?? "",
          safety: draft.safety ?? null,
          isPublished: draft.isPublished ?? false,
          ...(draft.taxClass ? { taxClass: draft.taxClass } : {}),
          categoryIds: categoryIds ?? [],
          attributeValueIds: attributeValueIds ?? [],
          variants: draft.variants.map(newVariantOf),
        },
      };
    }
    return planUpdate(format, before, draft, { categoryIds, attributeValueIds, newValues });
  });
}

function newVariantOf(variant: VariantDraft): NewVariant {
  return {
    sku: variant.sku,
    ...(variant.isbn ? { isbn: variant.isbn } : {}),
    name: variant.name,
    options: variant.options,
    stockQuantity: variant.stockQuantity ?? 0,
    prices: variant.prices,
    ...(variant.tierPrices ? { tierPrices: variant.tierPrices } : {}),
  };
}

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((item, index) => item === b[index]);
const sameSet = (a: readonly number[], b: readonly number[]) =>
  sameList(
    [...a].sort((x, y) => x - y),
    [...b].sort((x, y) => x - y),
  );

/** The fields of an existing product the draft changes, and its variants' prices and stock that differ. */
type Option = { code: string; name: string; value: string };
type Tier = { minQuantity: number; amount: number };
const sameOptions = (a: readonly Option[], b: readonly Option[]) =>
  a.length === b.length &&
  a.every((option, index) => option.code === b[index]!.code && option.name === b[index]!.name && option.value === b[index]!.value);
const sameTiers = (a: readonly Tier[], b: readonly Tier[]) =>
  a.length === b.length && a.every((tier, index) => tier.minQuantity === b[index]!.minQuantity && tier.amount === b[index]!.amount);

function planUpdate(
  format: CatalogueFileFormat,
  before: AdminProduct,
  draft: ProductDraft,
  resolved: { categoryIds: number[] | undefined; attributeValueIds: number[] | undefined; newValues: NewAttributeValue[] },
): Plan {
  const body: UpdateAdminProductBody = {};
  if (draft.name !== before.name) body.name = draft.name;
  if (draft.subtitle !== undefined && draft.subtitle !== before.subtitle) body.subtitle = draft.subtitle;
  if (draft.description !== undefined && draft.description !== before.description) body.description = draft.description;
  if (draft.series !== undefined && draft.series !== before.series) body.series = draft.series;
  if (draft.seoTitle !== undefined && draft.seoTitle !== before.seoTitle) body.seoTitle = draft.seoTitle;
  if (draft.seoDescription !== undefined && draft.seoDescription !== before.seoDescription) body.seoDescription = draft.seoDescription;
  if (draft.safety !== undefined && !sameSafety(draft.safety, before.safety)) body.safety = draft.safety;
  if (draft.isPublished !== undefined && draft.isPublished !== before.isPublished) body.isPublished = draft.isPublished;
  if (draft.taxClass !== undefined && draft.taxClass !== before.taxClass) body.taxClass = draft.taxClass;
  if (resolved.categoryIds !== undefined && !sameList(resolved.categoryIds, before.categoryIds)) body.categoryIds = resolved.categoryIds;
  const valuesChange =
    resolved.newValues.length > 0 ||
    (resolved.attributeValueIds !== undefined && !sameSet(resolved.attributeValueIds, before.attributeValueIds));
  if (valuesChange) body.attributeValueIds = resolved.attributeValueIds;

  const prices: { variantId: number; prices: NewVariant["prices"] }[] = [];
  const variantFields: { variantId: number; fields: UpdateAdminVariantBody }[] = [];
  const tiers: { variantId: number; tierPrices: NonNullable<NewVariant["tierPrices"]> }[] = [];
  const stock: { variantId: number; quantity: number }[] = [];
  const newVariants: NewVariant[] = [];
  for (const variant of draft.variants) {
    const current = before.variants.find((candidate) => candidate.sku.toLowerCase() === variant.sku.toLowerCase());
    if (!current) {
      newVariants.push(newVariantOf(variant));
      continue;
    }
    const changed = Object.entries(variant.prices).filter(([currency, price]) => {
      const now = current.prices[currency];
      return !now || now.amount !== price.amount || (now.original ?? undefined) !== price.original;
    });
    if (changed.length > 0) prices.push({ variantId: current.id, prices: Object.fromEntries(changed) });
    // A variant's name and options are Quire's format's own columns; Shopify's file makes a name from the options
    // or the title, which is not the merchant's word for it, so a Shopify file leaves them as they are.
    const fields: UpdateAdminVariantBody = {};
    if (format === "quire" && variant.name !== current.name) fields.name = variant.name;
    if (format === "quire" && !sameOptions(variant.options, current.options)) fields.options = variant.options;
    if (variant.isbn !== undefined && variant.isbn !== current.isbn) fields.isbn = variant.isbn;
    if (Object.keys(fields).length > 0) variantFields.push({ variantId: current.id, fields });
    // Quantity breaks are set in the currencies the file gives them for; a blank cell leaves a currency's as they are.
    const givenTiers = Object.entries(variant.tierPrices ?? {}).filter(
      ([currency, list]) => !sameTiers(list, current.tierPrices[currency] ?? []),
    );
    if (givenTiers.length > 0) tiers.push({ variantId: current.id, tierPrices: Object.fromEntries(givenTiers) });
    if (variant.stockQuantity !== undefined && variant.stockQuantity !== current.stockQuantity) {
      stock.push({ variantId: current.id, quantity: variant.stockQuantity });
    }
  }
  const hasBody = Object.keys(body).length > 0;
  const nothing = [prices, variantFields, tiers, stock, newVariants].every((list) => list.length === 0);
  if (!hasBody && nothing) return { kind: "unchanged", productId: before.id };
  return {
    kind: "update",
    before,
    body: hasBody ? body : null,
    prices,
    variantFields,
    tiers,
    stock,
    newVariants,
    newValues: resolved.newValues,
  };
}

/** Makes the attribute values a plan needs and puts their ids in the product's list. */
async function withNewValues(
  tx: Db,
  newValues: NewAttributeValue[],
  attributeValueIds: number[] | undefined,
): Promise<number[] | undefined> {
  if (newValues.length === 0) return attributeValueIds;
  const ids = [...(attributeValueIds ?? [])];
  for (const value of newValues) {
    const id = (await ensureAttributeValues(tx, value.attributeId, [{ code: value.code, label: value.label }])).get(value.code);
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

// ---------------------------------------------------------------- the dry run

export interface ImportCheck {
  rows: number;
  products: number;
  variants: number;
  toCreate: number;
  toUpdate: number;
  unchanged: number;
  failed: number;
  errors: CatalogueFileProblem[];
  warnings: CatalogueFileProblem[];
}

/** What importing the file would do, with every problem found; writes nothing. */
export async function checkCatalogueImport(db: Db, store: Store, format: CatalogueFileFormat, text: string): Promise<ImportCheck> {
  const read = readCatalogueFile(text, format, { currencies: store.currencyCodes, defaultCurrency: store.defaultCurrencyCode });
  const names = await findCatalogueNames(db, store.id);
  const errors = [...read.errors];
  const tally = { toCreate: 0, toUpdate: 0, unchanged: 0, failed: read.failed.size };
  const readable = read.drafts.filter((draft) => !read.failed.has(draft.handle));
  for (let start = 0; start < readable.length; start += BATCH_SIZE) {
    for (const plan of await planBatch(db, store, format, names, readable.slice(start, start + BATCH_SIZE))) {
      if (plan.kind === "create") tally.toCreate += 1;
      else if (plan.kind === "update") tally.toUpdate += 1;
      else if (plan.kind === "unchanged") tally.unchanged += 1;
      else {
        tally.failed += 1;
        errors.push(...plan.errors);
      }
    }
  }
  return {
    rows: read.rows,
    products: read.drafts.length,
    variants: read.drafts.reduce((sum, draft) => sum + draft.variants.length, 0),
    ...tally,
    errors: errors.slice(0, 1000),
    warnings: read.warnings,
  };
}

// ---------------------------------------------------------------- the import

/**
 * Reads the file, records the import with its readable products, and queues its job, in one transaction (an import
 * exists exactly when its job does). Products the file gets wrong are counted as failed from the start.
 */
export async function startCatalogueImport(
  db: Db,
  write: AdminWrite,
  store: Store,
  format: CatalogueFileFormat,
  text: string,
): Promise<CatalogueImport> {
  const read = readCatalogueFile(text, format, { currencies: store.currencyCodes, defaultCurrency: store.defaultCurrencyCode });
  const { type, id, label } = write.principal;
  const requestedBy: ImportRequester = {
    principal: { type, id, label },
    operation: write.operation,
    clientIp: write.clientIp,
    requestId: write.requestId,
  };
  return db.transaction(async (tx) => {
    const created = await insertImport(tx, {
      storeId: store.id,
      format,
      rows: read.rows,
      drafts: read.drafts.filter((draft) => !read.failed.has(draft.handle)),
      failed: read.failed.size,
      errors: read.errors,
      warnings: read.warnings,
      requestedBy,
    });
    await recordAdminWrite(tx, write, {
      type: "catalogue_import",
      id: created.id,
      changes: changedFields(null, { format, rows: read.rows, products: created.products }),
    });
    await enqueue(tx, "catalogue-import", { importId: created.id });
    return created;
  });
}

/**
 * The `catalogue-import` job: writes the import's pending products, a batch at a time, then ends it. Run again after
 * a crash, it carries on where the last committed product left off. `stopAfterBatches` stops it early, as a crash
 * would (tests).
 */
/** Where an import keeps the pictures it fetches, and how it fetches them (decision 054). */
export interface ImportImages {
  storage: ImageStorage;
  /** Whether `Image Src` may name private, loopback and link-local addresses (tests and closed networks only). */
  allowPrivateAddresses: boolean;
}

export async function runCatalogueImport(
  db: Db,
  importId: number,
  options: { stopAfterBatches?: number; images: ImportImages },
): Promise<void> {
  const run = await findImportForRun(db, importId);
  if (!run || run.status === "succeeded" || run.status === "failed") return;
  const store = await storeOf(db, run.storeId);
  await markImportRunning(db, importId);
  const write: AdminWrite = {
    storeId: run.storeId,
    principal: run.requester.principal,
    operation: run.requester.operation,
    clientIp: run.requester.clientIp,
    requestId: run.requester.requestId,
  };
  let batches = 0;
  for (;;) {
    if (options.stopAfterBatches !== undefined && batches >= options.stopAfterBatches) return;
    const pending = await nextPendingProducts(db, importId, BATCH_SIZE);
    if (pending.length === 0) break;
    // Names are read per batch: the batch before may have made attribute values this one uses.
    const names = await findCatalogueNames(db, run.storeId);
    const plans = await planBatch(
      db,
      store,
      run.format,
      names,
      pending.map((entry) => entry.draft),
    );
    await writeBatch(db, { write, store, importId }, pending, plans);
    batches += 1;
  }
  await addImportedImages(db, { write, store, importId }, options.images);
  await finishImport(db, importId, "succeeded");
}

/** How long one picture's download may take, and how large it may be. */
const IMAGE_FETCH = { timeoutMs: 15_000, maxBytes: MAX_IMAGE_UPLOAD_BYTES };

/** What the pictures' pass reads at a time. */
const IMAGE_BATCH = 50;

/** The key of a picture of this shop's own (`/media/images/<key>-<width>.<format>`), as an export names it. */
const OWN_MEDIA = /\/media\/images\/([0-9a-f]{32})-[0-9]{1,4}\.(?:avif|webp|jpg)$/;

/**
 * The pictures' pass, once every product is written: each written product's pictures that it does not have yet
 * are fetched, stored and added after its others. A picture is known by the address it came from, or by its key
 * when the address is one of this shop's own files (an export imported back), so the pass fetches nothing twice
 * and a run after a crash carries on. A picture that cannot be fetched or is not an image is a warning with its
 * row: the product is whole without it.
 */
async function addImportedImages(db: Db, run: Run, images: ImportImages): Promise<void> {
  const { write, importId } = run;
  let after = -1;
  for (;;) {
    const batch = await nextProductsWithImages(db, importId, after, IMAGE_BATCH);
    if (batch.length === 0) return;
    after = batch.at(-1)!.position;
    const found = await findAdminProducts(db, write.storeId, { slugs: batch.map((entry) => entry.draft.handle) });
    const ids = new Map(found.map((product) => [product.slug, product.id]));
    for (const entry of batch) {
      const productId = ids.get(entry.draft.handle);
      if (productId === undefined) continue;
      const warnings = await addImagesOfProduct(db, write, productId, entry.draft.images ?? [], images);
      await addImportWarnings(db, importId, warnings);
    }
  }
}

async function addImagesOfProduct(
  db: Db,
  write: AdminWrite,
  productId: number,
  drafts: ImageDraft[],
  images: ImportImages,
): Promise<CatalogueFileProblem[]> {
  const sources = await findProductImageSources(db, productId);
  const keys = await findProductImageKeys(db, productId);
  const warnings: CatalogueFileProblem[] = [];
  for (const draft of drafts) {
    if (sources.has(draft.src)) continue;
    const own = OWN_MEDIA.exec(new URL(draft.src).pathname)?.[1];
    if (own && keys.has(own)) continue;
    const problem = (message: string): CatalogueFileProblem => ({ row: draft.row, column: draft.column, code: "image_not_added", message });
    let stored: Awaited<ReturnType<typeof storeImage>>;
    try {
      const bytes = await fetchRemoteImage(draft.src, { ...IMAGE_FETCH, allowPrivateAddresses: images.allowPrivateAddresses });
      stored = await storeImage(images.storage, bytes);
    } catch (error) {
      if (error instanceof RemoteImageRefused || error instanceof ImageRefused) {
        warnings.push(problem(error.message));
        continue;
      }
      throw error;
    }
    if (keys.has(stored.imageKey)) continue;
    const added = await db.transaction(async (tx) => {
      const id = await addProductImage(
        tx,
        productId,
        {
          url: stored.url,
          alt: draft.alt ?? "",
          stored: { imageKey: stored.imageKey, picture: stored.picture },
          sourceUrl: draft.src,
        },
        MAX_IMAGES_PER_PRODUCT,
      );
      if (typeof id !== "number") return id;
      const row = await findProductImage(tx, { storeId: write.storeId, imageId: id });
      await recordAdminWrite(tx, write, {
        type: "product_image",
        id,
        changes: changedFields(null, row ? { productId, url: row.url, alt: row.alt, sourceUrl: draft.src } : null),
      });
      return id;
    });
    if (added === "full") {
      warnings.push(problem(`The product has ${MAX_IMAGES_PER_PRODUCT} images already: this one was not added`));
      return warnings;
    }
    keys.add(stored.imageKey);
    sources.add(draft.src);
  }
  return warnings;
}

async function storeOf(db: Db, storeId: number): Promise<Store> {
  const store = await findStoreCurrencies(db, storeId);
  if (!store) throw new Error(`The store ${storeId} of a catalogue import is gone`);
  return store;
}

/** The audit log's view of a product: its own fields, and each variant's prices and stock. */
function audited(product: AdminProduct | null): Record<string, unknown> | null {
  if (!product) return null;
  const { variants, createdAt: _createdAt, id: _id, ...fields } = product;
  return {
    ...fields,
    ...Object.fromEntries(
      variants.flatMap((variant) => [
        [`variant ${variant.sku} prices`, variant.prices],
        [`variant ${variant.sku} stock`, variant.stockQuantity],
      ]),
    ),
  };
}

/**
 * Writes a batch: its creations together in one transaction (with their audit entries and counts), falling back to
 * one transaction each when that one fails (a SKU taken meanwhile fails only its product); its changes one product
 * per transaction; unchanged and failed products counted in one more.
 */
async function writeBatch(db: Db, run: Run, pending: { position: number; draft: ProductDraft }[], plans: Plan[]): Promise<void> {
  const { importId } = run;
  const entries = pending.map((entry, index) => ({ ...entry, plan: plans[index]! }));
  const creations = entries.filter((entry) => entry.plan.kind === "create");
  const settleOnly = entries.filter((entry) => entry.plan.kind === "unchanged" || entry.plan.kind === "failed");
  if (settleOnly.length > 0) {
    await settleProducts(
      db,
      importId,
      settleOnly.map((entry) =>
        entry.plan.kind === "failed"
          ? { position: entry.position, outcome: "failed" as const, errors: entry.plan.errors }
          : { position: entry.position, outcome: "unchanged" as const },
      ),
    );
  }
  if (creations.length > 0) {
    try {
      await db.transaction((tx) => createAll(tx, run, creations));
    } catch {
      for (const entry of creations) await writeOne(db, run, entry);
    }
  }
  for (const entry of entries.filter((candidate) => candidate.plan.kind === "update")) await writeOne(db, run, entry);
}

/** The import being run: who asked for it (its audit entries name them), for which store. */
interface Run {
  write: AdminWrite;
  store: Store;
  importId: number;
}

type Entry = { position: number; draft: ProductDraft; plan: Plan };

/** Some of a batch's products were settled by another run of the same import meanwhile. */
class AlreadySettled extends Error {}

async function createAll(tx: Db, { write, importId }: Run, entries: Entry[]): Promise<void> {
  // Only products still pending are written: a second run racing this one settles none twice.
  const products: (NewProduct & { taxClass?: "books" | "standard" })[] = [];
  for (const entry of entries) {
    if (entry.plan.kind !== "create") continue;
    const attributeValueIds = await withNewValues(tx, entry.plan.newValues, entry.plan.product.attributeValueIds);
    products.push({ ...entry.plan.product, ...(attributeValueIds ? { attributeValueIds } : {}) });
  }
  const settled = await settleProducts(
    tx,
    importId,
    entries.map((entry) => ({ position: entry.position, outcome: "created" as const })),
  );
  if (settled !== entries.length) throw new AlreadySettled("another run settled some of these products");
  const ids = await createCheckedProducts(tx, products);
  for (const [index, productId] of ids.entries()) {
    const { storeId: _storeId, variants, ...fields } = products[index]!;
    await recordAdminWrite(tx, write, {
      type: "product",
      id: productId,
      changes: changedFields(null, { ...fields, variants: variants.map((variant) => variant.sku) }),
    });
  }
}

/** Writes one product in a transaction of its own; an error fails only that product, naming its first row. */
async function writeOne(db: Db, run: Run, entry: Entry): Promise<void> {
  const { write, store, importId } = run;
  try {
    await db.transaction(async (tx) => {
      if (entry.plan.kind === "create") {
        await createAll(tx, run, [entry]);
        return;
      }
      if (entry.plan.kind !== "update") return;
      if ((await settleProducts(tx, importId, [{ position: entry.position, outcome: "updated" }])) === 0) return;
      const plan = entry.plan;
      const productId = plan.before.id;
      const attributeValueIds = await withNewValues(tx, plan.newValues, plan.body?.attributeValueIds);
      const body = plan.body ? { ...plan.body, ...(attributeValueIds ? { attributeValueIds } : {}) } : null;
      if (body) await updateAdminProduct(tx, write.storeId, productId, body);
      for (const variant of plan.newVariants) await addCheckedVariant(tx, productId, variant);
      for (const change of plan.prices) await setAdminVariantPrices(tx, store, change.variantId, change.prices);
      for (const change of plan.variantFields) await updateAdminVariant(tx, write.storeId, change.variantId, change.fields);
      for (const change of plan.tiers) await setAdminVariantTierPrices(tx, store, change.variantId, change.tierPrices);
      const { type, id, label } = write.principal;
      for (const change of plan.stock) {
        await setVariantStock(tx, {
          storeId: write.storeId,
          variantId: change.variantId,
          quantity: change.quantity,
          cause: { reason: "count", note: `Catalogue import ${importId}`, actor: { type, id, label } },
        });
      }
      const [after] = await findAdminProducts(tx, write.storeId, { ids: [productId] });
      const changes = changedFields(audited(plan.before), audited(after ?? null));
      if (changes) await recordAdminWrite(tx, write, { type: "product", id: productId, changes });
    });
  } catch (error) {
    if (error instanceof AlreadySettled) return;
    // A refusal of this product (a SKU another product took since it was planned) fails it alone; anything else
    // (the database gone) fails the job, which runs again later and carries on from this product.
    if (!(error instanceof AppError)) throw error;
    await settleProducts(db, importId, [
      {
        position: entry.position,
        outcome: "failed",
        errors: [{ row: entry.draft.rows[0]!, column: null, code: error.code, message: error.message }],
      },
    ]);
  }
}

// ---------------------------------------------------------------- the export

/** How many products the export reads at a time (six statements each). */
const EXPORT_BATCH = 200;

/** The store's catalogue as a file of the format, a line at a time (the header first), products in id order. */
export async function* exportCatalogue(
  db: Db,
  store: Store,
  format: CatalogueFileFormat,
  options: { mediaBaseUrl: string },
): AsyncGenerator<string> {
  const catalogueNames = await findCatalogueNames(db, store.id);
  let afterId = 0;
  let page = await findAdminProducts(db, store.id, { afterId, limit: EXPORT_BATCH });
  // The option columns Quire's format needs: the most any variant has (read from the first pages is not enough, so
  // the whole catalogue's count comes from one statement).
  const names: ExportNames = {
    currencies: store.currencyCodes,
    defaultCurrency: store.defaultCurrencyCode,
    productTypes: catalogueNames.productTypes,
    categories: catalogueNames.categories,
    attributes: catalogueNames.attributes,
    maxOptions: catalogueNames.maxOptions,
  };
  const lookups = exportLookups(names);
  yield catalogueHeader(format, names);
  while (page.length > 0) {
    const imagesOf = await findImagesOfProducts(
      db,
      page.map((product) => product.id),
    );
    for (const product of page) {
      for (const line of catalogueRows(format, product, names, lookups, exportedImages(imagesOf.get(product.id) ?? [], options)))
        yield line;
    }
    afterId = page.at(-1)!.id;
    page = await findAdminProducts(db, store.id, { afterId, limit: EXPORT_BATCH });
  }
}

/**
 * A product's pictures as a file names them: where an import fetched one, that address; a picture uploaded to the
 * shop, its largest JPEG at the shop's public address. A picture that is only a URL of the storefront's own drawing
 * (the demo's generated covers) is no file, and is left out.
 */
function exportedImages(
  rows: { url: string; alt: string; sourceUrl: string | null; imageKey: string | null; picture: { srcset: string } | null }[],
  options: { mediaBaseUrl: string },
): ExportImage[] {
  return rows.flatMap((row) => {
    if (row.sourceUrl) return [{ src: row.sourceUrl, alt: row.alt }];
    if (!row.imageKey || !row.picture) return [];
    const widest = row.picture.srcset.split(", ").at(-1)!.split(" ")[0]!;
    return [{ src: new URL(widest, options.mediaBaseUrl).href, alt: row.alt }];
  });
}
