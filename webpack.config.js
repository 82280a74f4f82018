// webpack 5: bundles www/ and the wasm-bindgen output (www/pkg, built by scripts/build-wasm.sh)
// into dist/, which any static file server can serve offline. The .wasm is an asset (a file of
// its own, named by new URL() in www/shared/core.js), compiled once by the page.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The Content-Security-Policy of every page (a <meta> in index.html and embed.html): scripts
 *  only from the page's own origin, no inline script and no eval ('wasm-unsafe-eval' lets the
 *  core compile), workers from self, no plugins, no <base>, no form posts; styles only from
 *  the stylesheet; pictures from self, data: and blob: (exports, thumbnails). */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "img-src 'self' data: blob:",
  "style-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
].join('; ');

export default (env, { mode }) => ({
  // The page, and the embed page (a page of its own, for an <iframe>).
  entry: { main: './www/main.js', embed: './www/embed/embed.js' },
  output: {
    path: path.join(root, 'dist'),
    filename: '[name].[contenthash:8].js',
    assetModuleFilename: '[name].[contenthash:8][ext]',
    publicPath: '',
    clean: true,
  },
  module: {
    rules: [
      { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      // www/parts/*.html?raw: markup both pages share, pulled into their templates as text.
      { resourceQuery: /raw/, type: 'asset/source' },
    ],
  },
  plugins: [
    new HtmlWebpackPlugin({ template: 'index.html', chunks: ['main'], csp: CSP }),
    new HtmlWebpackPlugin({ template: 'embed.html', filename: 'embed.html', chunks: ['embed'], csp: CSP }),
    new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css' }),
  ],
  performance: { hints: false },
  // Source maps in files while developing: webpack's default there (eval) breaks the CSP.
  devtool: mode === 'development' ? 'source-map' : false,
  devServer: {
    port: 8080,
    static: false,
    // No overlay: it styles itself with style="" attributes, which the CSP refuses. Build
    // errors show in the terminal and the browser's console.
    client: { overlay: false },
  },
});
