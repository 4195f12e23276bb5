import type { SizedImage as SizedImageData } from '@kartu/contracts';
import { SizedImage } from '../ui/sized-image.tsx';
import './shop.css';

export interface ProductImageProps {
  image: SizedImageData | null;
  /** The product's name: the picture shows it. */
  alt: string;
  /** How wide the picture is drawn, for the browser to pick from srcSet. */
  sizes: string;
  className?: string;
  /** The page's main picture is fetched at once; tiles wait until they near the screen. */
  priority?: boolean;
}

/** A product's picture at the server's sizes, or a tint of the brand's colour when it has none. */
export function ProductImage({ image, alt, sizes, className, priority = false }: ProductImageProps) {
  const classes = ['product-image', className].filter(Boolean).join(' ');
  if (!image) return <span className={`${classes} product-image--placeholder`} aria-hidden="true" />;
  return <SizedImage image={image} alt={alt} sizes={sizes} className={classes} priority={priority} />;
}
