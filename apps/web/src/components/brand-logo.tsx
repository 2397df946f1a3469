import { useId } from 'react';

/** The Exemplar mark: a sigma on an indigo-to-violet tile. */
export function BrandLogo({ size = 32 }: { size?: number }) {
  const gradientId = `brand-gradient-${useId().replace(/:/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#4c6ef5" />
          <stop offset="100%" stopColor="#9c36b5" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M22 9.5H10.5l6.5 6.5-6.5 6.5H22"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
