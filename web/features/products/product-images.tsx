// A product's pictures: the first one large, the rest in a row; each opens PrimeReact's preview
// (zoom, rotate) on a click or Enter. The preview's button labels are given in Korean here.
import { Image } from 'primereact/image';
import type { ProductView } from '../../../common/api/products';
import { ko } from '../../i18n/ko';
import { ProductPicture } from './product-card';
import { koProducts } from './texts';

const v = koProducts.view;

const koreanPreview = {
  button: { 'aria-label': v.zoomImage },
  rotateRightButton: { 'aria-label': v.rotateRight },
  rotateLeftButton: { 'aria-label': v.rotateLeft },
  zoomInButton: { 'aria-label': v.zoomIn },
  zoomOutButton: { 'aria-label': v.zoomOut },
  closeButton: { 'aria-label': ko.common.close },
  mask: { 'aria-label': v.preview },
};

export function ProductImages({ product }: { product: ProductView }) {
  const name = `${product.brand} ${product.name}`;
  if (product.images.length === 0) {
    return (
      <div className="product-images">
        <ProductPicture url={null} type={product.type} alt={koProducts.noImage} />
      </div>
    );
  }
  return (
    <div className="product-images" role="group" aria-label={v.images}>
      {product.images.map((img, i) => (
        <Image
          key={img.fileKey}
          src={i === 0 ? img.url : (img.thumbUrl ?? img.url)}
          zoomSrc={img.url}
          alt={v.imageAlt(name, i + 1)}
          preview
          className={i === 0 ? 'product-image product-image-main' : 'product-image'}
          pt={koreanPreview}
        />
      ))}
    </div>
  );
}
