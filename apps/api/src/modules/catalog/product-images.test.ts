import { MAX_IMAGES_PER_PRODUCT } from "@quire/contracts";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { crc32, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createProduct, createProductType, createStore } from "../../testing/factories";
import { createSignedInStaff } from "../../testing/staff-factories";
import { TEST_HEADERS, useTestApi } from "../../testing/test-api";

const ADMIN_KEY = "product-images-admin-key-00";
const api = useTestApi(
  async (db) => {
    const store = await createStore(db);
    const other = await createStore(db, { key: "other-store", name: "Other" });
    const bookType = await createProductType(db, { storeId: store.id, code: "book", name: "Book" });
    const otherType = await createProductType(db, { storeId: other.id, code: "book", name: "Book" });
    let made = 0;
    const book = async (storeId = store.id, productTypeId = bookType.id) => {
      const n = ++made;
      const product = await createProduct(db, {
        storeId,
        productTypeId,
        slug: `pictured-${n}`,
        name: `Pictured ${n}`,
        isPublished: true,
        variants: [{ sku: `PIC-${n}`, name: "Hardback", prices: { GBP: { amount: 1000 } } }],
      });
      return product.id;
    };
    const manager = await createSignedInStaff(db, { storeId: store.id, email: "manager@staff.example", role: "manager" });
    const content = await createSignedInStaff(db, { storeId: store.id, email: "writer@staff.example", role: "content" });
    const fulfilment = await createSignedInStaff(db, { storeId: store.id, email: "packer@staff.example", role: "fulfilment" });
    return { store, book, otherBook: () => book(other.id, otherType.id), manager, content, fulfilment };
  },
  { adminApiKeys: [ADMIN_KEY] },
);

const storekey = TEST_HEADERS.storekey;
const codeOf = (response: { json(): unknown }) => (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;

/** A form with these fields, as a browser or curl sends it: its bytes and its Content-Type with the boundary. */
async function formOf(fields: Record<string, string | { bytes: Buffer; name: string; type: string }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([value.bytes], { type: value.type }), value.name);
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type")! };
}

async function upload(productId: number, fields: Parameters<typeof formOf>[0], token = api.seeded.manager.token) {
  const { payload, contentType } = await formOf(fields);
  return api.app.inject({
    method: "POST",
    url: `/admin/products/${productId}/images`,
    headers: { storekey, authorization: `Bearer ${token}`, "content-type": contentType },
    payload,
  });
}

const asManager = (method: "GET" | "PUT" | "DELETE", url: string, payload?: object) =>
  api.app.inject({
    method,
    url,
    headers: { storekey, authorization: `Bearer ${api.seeded.manager.token}` },
    ...(payload ? { payload } : {}),
  });

/** A photograph-like JPEG, taken sideways (EXIF orientation 6) somewhere on Earth (GPS in its EXIF). */
function cameraJpeg(width = 1200, height = 800) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 60, b: 40 } } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "Quire Test Camera" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .jpeg()
    .toBuffer();
}

const png = (width = 300, height = 450) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 80, b: 160, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A PNG whose header claims `width` x `height` pixels and which holds none: the pixel limit must refuse it unread. */
function hugePngHeader(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  // One grey row, compressed: the rows missing after it only a decoder would notice.
  const rows = deflateSync(Buffer.alloc(width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const media = (file: string) => api.app.inject({ method: "GET", url: `/media/images/${file}`, headers: TEST_HEADERS });
const fileOf = (url: string) => url.slice("/media/images/".length);

describe("a product's images", () => {
  it("stores an upload upright, in three widths and formats, without its camera or location data, and the shop shows it", async () => {
    const productId = await api.seeded.book();
    const uploaded = await upload(productId, {
      alt: "The cover: a red field",
      file: { bytes: await cameraJpeg(), name: "IMG_0001.JPG", type: "image/jpeg" },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { image, position, sourceUrl } = uploaded.json().data;
    // Taken sideways: 1200 x 800 as stored by the camera, 800 x 1200 upright.
    expect(image).toMatchObject({ alt: "The cover: a red field", width: 800, height: 1200 });
    expect(position).toBe(0);
    expect(sourceUrl).toBeNull();
    expect(image.url).toMatch(/^\/media\/images\/[0-9a-f]{32}-480\.jpg$/);
    expect(image.srcset).toMatch(/-240\.jpg 240w, .*-480\.jpg 480w, .*-800\.jpg 800w$/);
    expect(image.sources.map((source: { type: string }) => source.type)).toEqual(["image/avif", "image/webp"]);

    for (const [file, type] of [
      [fileOf(image.url), "image/jpeg"],
      [image.sources[0].srcset.split(" ")[0].slice("/media/images/".length), "image/avif"],
      [image.sources[1].srcset.split(", ").at(-1).split(" ")[0].slice("/media/images/".length), "image/webp"],
    ]) {
      const served = await media(file);
      expect(served.statusCode, file).toBe(200);
      expect(served.headers["content-type"]).toBe(type);
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif, `${file} keeps no EXIF`).toBeUndefined();
      expect(metadata.height! > metadata.width!, `${file} is upright`).toBe(true);
    }

    // The shopper's product page and the product's card both carry it.
    const page = (await api.get(`/products/${productId}`)).json().data;
    expect(page.images).toEqual([image]);
    const list = (await api.get(`/products?Ids[0]=${productId}`)).json();
    expect(JSON.stringify(list)).toContain(image.url);
  });

  it("reads the type from the bytes: a PNG named .jpg is taken; text, SVG and HEIC-like files named .jpg are not", async () => {
    const productId = await api.seeded.book();
    const pngAsJpg = await upload(productId, { alt: "Blue", file: { bytes: await png(), name: "cover.jpg", type: "image/jpeg" } });
    expect(pngAsJpg.statusCode, pngAsJpg.body).toBe(201);
    // A narrower original than the widest stored width is kept at its own width, never enlarged.
    expect(pngAsJpg.json().data.image.srcset).toMatch(/240w, .*-300\.jpg 300w$/);

    const text = await upload(productId, {
      alt: "Text",
      file: { bytes: Buffer.from("not an image at all"), name: "cover.jpg", type: "image/jpeg" },
    });
    expect([text.statusCode, codeOf(text)]).toEqual([400, "image_unreadable"]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const vector = await upload(productId, { alt: "Vector", file: { bytes: svg, name: "cover.jpg", type: "image/jpeg" } });
    expect([vector.statusCode, codeOf(vector)]).toEqual([415, "image_type_not_supported"]);
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .tiff()
      .toBuffer();
    const tiffAnswer = await upload(productId, { alt: "Tiff", file: { bytes: tiff, name: "cover.png", type: "image/png" } });
    expect([tiffAnswer.statusCode, codeOf(tiffAnswer)]).toEqual([415, "image_type_not_supported"]);
  });

  it("refuses a picture with too many pixels before decoding it, a damaged one, one too large, and one without its words", async () => {
    const productId = await api.seeded.book();
    const huge = await upload(productId, {
      alt: "Huge",
      file: { bytes: hugePngHeader(20_000, 20_000), name: "huge.png", type: "image/png" },
    });
    expect([huge.statusCode, codeOf(huge)]).toEqual([422, "image_too_many_pixels"]);

    const whole = await cameraJpeg(600, 400);
    const damaged = await upload(productId, {
      alt: "Cut",
      file: { bytes: whole.subarray(0, Math.floor(whole.length / 3)), name: "cut.jpg", type: "image/jpeg" },
    });
    expect([damaged.statusCode, codeOf(damaged)]).toEqual([400, "image_unreadable"]);

    const tooLarge = await upload(productId, {
      alt: "Big",
      file: { bytes: Buffer.alloc(20 * 1024 * 1024 + 1), name: "big.jpg", type: "image/jpeg" },
    });
    expect([tooLarge.statusCode, codeOf(tooLarge)]).toEqual([413, "image_too_large"]);

    const noAlt = await upload(productId, { file: { bytes: await png(), name: "a.png", type: "image/png" } });
    expect([noAlt.statusCode, codeOf(noAlt)]).toEqual([400, "invalid_input"]);
    const blankAlt = await upload(productId, { alt: "   ", file: { bytes: await png(), name: "a.png", type: "image/png" } });
    expect([blankAlt.statusCode, codeOf(blankAlt)]).toEqual([400, "invalid_input"]);
    const fileAsText = await upload(productId, { alt: "Words", file: "not a file" });
    expect([fileAsText.statusCode, codeOf(fileAsText)]).toEqual([400, "invalid_input"]);
    const twoFiles = await upload(productId, {
      alt: "Two",
      file: { bytes: await png(), name: "a.png", type: "image/png" },
      other: { bytes: await png(), name: "b.png", type: "image/png" },
    });
    expect([twoFiles.statusCode, codeOf(twoFiles)]).toEqual([413, "body_too_large"]);
    const json = await api.app.inject({
      method: "POST",
      url: `/admin/products/${productId}/images`,
      headers: { storekey, authorization: `Bearer ${api.seeded.manager.token}` },
      payload: { alt: "JSON", file: "aGVsbG8=" },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);

    for (const [contentType, body] of [
      ["multipart/form-data", "no boundary"],
      ["multipart/form-data; boundary=cut", '--cut\r\nContent-Disposition: form-data; name="alt"\r\n\r\nCut short'],
    ]) {
      const malformed = await api.app.inject({
        method: "POST",
        url: `/admin/products/${productId}/images`,
        headers: { storekey, authorization: `Bearer ${api.seeded.manager.token}`, "content-type": contentType! },
        payload: body,
      });
      expect([malformed.statusCode, codeOf(malformed)], contentType).toEqual([400, "bad_request"]);
    }

    const images = await asManager("GET", `/admin/products/${productId}/images`);
    expect(images.json().data.images).toEqual([]);
  });

  it("answers 404 for another store's product or image, and 403 to roles without the catalogue", async () => {
    const theirs = await api.seeded.otherBook();
    const answer = await upload(theirs, { alt: "Theirs", file: { bytes: await png(), name: "a.png", type: "image/png" } });
    expect([answer.statusCode, codeOf(answer)]).toEqual([404, "product_not_found"]);

    const productId = await api.seeded.book();
    for (const token of [api.seeded.content.token, api.seeded.fulfilment.token]) {
      const refused = await upload(productId, { alt: "No", file: { bytes: await png(), name: "a.png", type: "image/png" } }, token);
      expect([refused.statusCode, codeOf(refused)]).toEqual([403, "permission_denied"]);
    }
    const missing = await asManager("PUT", "/admin/product-images/2147483000", { alt: "Gone" });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, "product_image_not_found"]);
    expect((await media("0123456789abcdef0123456789abcdef-480.jpg")).statusCode).toBe(404);
    expect((await media("..%2F..%2Fetc%2Fpasswd")).statusCode).toBe(400);
  });

  it("corrects words, reorders (the first one is the card's) and removes images, each audited", async () => {
    const productId = await api.seeded.book();
    const first = (await upload(productId, { alt: "Front", file: { bytes: await png(300, 450), name: "a.png", type: "image/png" } })).json()
      .data;
    const second = (await upload(productId, { alt: "Back", file: { bytes: await png(200, 300), name: "b.png", type: "image/png" } })).json()
      .data;
    expect([first.position, second.position]).toEqual([0, 1]);

    const corrected = await asManager("PUT", `/admin/product-images/${second.id}`, { alt: "The back cover" });
    expect(corrected.json().data.image.alt).toBe("The back cover");

    const incomplete = await asManager("PUT", `/admin/products/${productId}/images/order`, { imageIds: [second.id] });
    expect([incomplete.statusCode, codeOf(incomplete)]).toEqual([409, "product_image_order_incomplete"]);
    const reordered = await asManager("PUT", `/admin/products/${productId}/images/order`, { imageIds: [second.id, first.id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.images.map((image: { id: number }) => image.id)).toEqual([second.id, first.id]);
    const card = (await api.get(`/products?Ids[0]=${productId}`)).json();
    expect(JSON.stringify(card)).toContain(second.image.url);

    const removed = await asManager("DELETE", `/admin/product-images/${second.id}`);
    expect(removed.statusCode).toBe(204);
    const page = (await api.get(`/products/${productId}`)).json().data;
    expect(page.images.map((image: { alt: string }) => image.alt)).toEqual(["Front"]);
    // The files stay: another product, or a page cached somewhere, may still show the same picture.
    expect((await media(fileOf(second.image.url))).statusCode).toBe(200);

    const log = (
      await api.app.inject({
        method: "GET",
        url: "/admin/audit-log?resourceType=product_image",
        headers: { storekey, "admin-key": ADMIN_KEY },
      })
    ).json().data.entries as { operation: string; resourceId: string; changes: Record<string, { before: unknown; after: unknown }> }[];
    const ofSecond = log.filter((entry) => entry.resourceId === String(second.id)).map((entry) => entry.operation);
    expect(ofSecond).toEqual(["deleteProductImage", "updateProductImage", "uploadProductImage"]);
    expect(log.find((entry) => entry.operation === "updateProductImage")!.changes).toEqual({
      alt: { before: "Back", after: "The back cover" },
    });
  });

  it(`holds a product to ${MAX_IMAGES_PER_PRODUCT} images even when the last places are taken by uploads at once`, async () => {
    const productId = await api.seeded.book();
    const { db } = api.database;
    await db.execute(sql`insert into product_images (product_id, url, alt, position)
      select ${productId}, '/media/covers/x.svg', 'Filler', n from generate_series(0, ${MAX_IMAGES_PER_PRODUCT - 3}) n`);
    const bytes = await png(120, 180);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => upload(productId, { alt: `At once ${n}`, file: { bytes, name: `${n}.png`, type: "image/png" } })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 409, 409]);
    expect(answers.filter((answer) => answer.statusCode === 409).map(codeOf)).toEqual(["product_image_limit", "product_image_limit"]);
    const images = (await asManager("GET", `/admin/products/${productId}/images`)).json().data.images;
    expect(images).toHaveLength(MAX_IMAGES_PER_PRODUCT);
  });
});
