import { useMemo } from 'react';
import { canEncodeCode128, code128Widths } from '../../lib/code128.ts';

/** The bars of a Code 128 symbol as one SVG path, one module wide per unit. */
function barsOf(text: string): { modules: number; path: string } {
  let x = 0;
  let path = '';
  code128Widths(text).forEach((width, index) => {
    if (index % 2 === 0) path += `M${x} 0h${width}v1h-${width}z`;
    x += width;
  });
  return { modules: x, path };
}

/**
 * A Code 128 barcode drawn as SVG, black on white with the quiet zone of 10 modules either side
 * that scanners need; nothing when the text cannot be encoded. Stretches to its box's width.
 */
export function Barcode({ value, label }: { value: string; label: string }) {
  const bars = useMemo(() => (canEncodeCode128(value) ? barsOf(value) : null), [value]);
  if (!bars) return null;
  const quiet = 10;
  const width = bars.modules + quiet * 2;
  return (
    <svg className="barcode" viewBox={`${-quiet} 0 ${width} 1`} preserveAspectRatio="none" role="img" aria-label={label} shapeRendering="crispEdges">
      <rect x={-quiet} y={0} width={width} height={1} fill="#ffffff" />
      <path d={bars.path} fill="#000000" />
    </svg>
  );
}
