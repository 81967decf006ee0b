// A product's images, as the merchant's calls and the catalogue import read and change them (decision 054). The
// writes are the catalogue's write path's (catalog-writes.ts): each one tells every copy of the product.
export { addProductImage, changeProductImageAlt, orderProductImages, removeProductImage, type NewProductImage } from "./catalog-writes";
export {
  findImagesOfProducts,
  findProductImage,
  findProductImageKeys,
  findProductImages,
  findProductImageSources,
  type ProductImageRow,
} from "./catalog-writes.repository";
