import type { SizedImage as SizedImageData } from '@kartu/contracts';

export interface SizedImageProps {
  image: SizedImageData;
  alt: string;
  /** How wide the picture is drawn, for the browser to pick from the server's sizes. */
  sizes: string;
  className?: string;
  /** The page's main picture is fetched at once; others wait until they near the screen. */
  priority?: boolean;
}

/** A merchant's picture at the sizes the server made of it (a product's, a voucher's). */
export function SizedImage({ image, alt, sizes, className, priority = false }: SizedImageProps) {
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      decoding="async"
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
