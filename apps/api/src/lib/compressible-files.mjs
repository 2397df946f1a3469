// Read by scripts/web-build.mjs (which writes file.br and file.gz beside each of these files) and by
// the API's static plugin (whose answers for them vary by Accept-Encoding): one list for both.
// Plain JavaScript so the build script runs under node without a TypeScript loader.

/**
 * Text and uncompressed fonts. Not: woff/woff2, images (already compressed), source maps (only
 * developer tools fetch them, and brotli at quality 11 on megabytes of them would triple the build).
 */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|ttf|otf|eot)$/;
