import type { ImageVariant } from '@app/common/schemas/site';
import type { ImgHTMLAttributes } from 'react';

// `srcSetOf` of common/src/schemas/site.ts, written here because that module builds its
// zod schemas as it loads: importing it would put zod into the public pages' first JavaScript (bundle
// budget, scripts/bundle-budget.mjs). Types only are imported from it.

/** An uploaded site image at the width the page needs: every resized copy in `srcset`. */
export function SiteImg({
  image,
  alt,
  ...props
}: { image: { url: string; variants: ImageVariant[]; width?: number | null; height?: number | null }; alt: string } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'alt'
>) {
  return (
    <img
      alt={alt}
      src={image.url}
      srcSet={image.variants.map((v) => `${v.url} ${v.width}w`).join(', ') || undefined}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      {...props}
    />
  );
}
