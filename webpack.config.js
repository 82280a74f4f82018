// webpack 5: bundles www/ and the wasm-bindgen output (www/pkg, built by scripts/build-wasm.sh)
// into dist/, which any static file server can serve offline. The .wasm is an asset (a file of
// its own, named by new URL() in www/shared/core.js), compiled once by the page.
// A production build adds the offline page (www/offline/): the web app manifest and its icons,
// and the service worker (Workbox InjectManifest), which precaches every file of dist/ the two
// pages can request. `npm start` (development) builds neither: nothing is cached while you work.
import path from 'node:path';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { InjectManifest } from 'workbox-webpack-plugin';

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
  "manifest-src 'self'",
].join('; ');

/** The service worker's file in dist/ (www/offline/offline.js registers it by this name). */
export const SERVICE_WORKER = 'service-worker.js';
/** Workbox leaves out of the precache, without a word, any file above this size: the limit
 *  stands far above dist/'s largest file (about 0.7 MiB), and tests/unit/offline checks that
 *  the precache holds every file the pages can request. */
export const PRECACHE_LIMIT_BYTES = 16 * 1024 * 1024;
/** The two looks' page background (--bg in www/shared/base.css): the installed app's colours. */
export const THEME = { light: '#f6f4ef', dark: '#15171c' };

/** Emits the web app manifest (manifest.webmanifest) and its icons (www/offline/icons/, named by
 *  their content) into dist/, before the service worker's manifest is made: both are precached. */
class WebAppManifest {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('WebAppManifest', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'WebAppManifest', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const icon = (file, size, purpose) => {
          const source = path.join(root, 'www/offline/icons', file);
          compilation.fileDependencies.add(source);
          const bytes = readFileSync(source);
          const name = `${path.basename(file, '.png')}.${createHash('md5').update(bytes).digest('hex').slice(0, 8)}.png`;
          compilation.emitAsset(name, new webpack.sources.RawSource(bytes), { immutable: true }); // named by content
          return { src: name, sizes: `${size}x${size}`, type: 'image/png', purpose };
        };
        const manifest = {
          name: 'bitqueens — the N-Queens bitmask backtracker',
          short_name: 'bitqueens',
          description: "Watch Richards' bitmask backtracking solve N-Queens one bit operation at a time.",
          start_url: './',
          scope: './',
          id: './',
          display: 'standalone',
          theme_color: THEME.light,
          background_color: THEME.light,
          icons: [icon('icon-192.png', 192, 'any'), icon('icon-512.png', 512, 'any'), icon('maskable-512.png', 512, 'maskable')],
        };
        compilation.emitAsset('manifest.webmanifest', new webpack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}

/** Where a static host answers the live class's probe (GET /class/hello, www/class/live-class.js)
 *  with a file saying there is no class server here, instead of a 404 in the console; a class
 *  server answers that address with its own hello (its route wins over its files). Kept out of
 *  the precache: the service worker would answer it on a class server too. */
export const NO_CLASS_SERVER = 'class/hello';

/** Emits www/class/no-class-server.json as dist/class/hello (NO_CLASS_SERVER), in every mode. */
class NoClassServer {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('NoClassServer', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'NoClassServer', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const source = path.join(root, 'www/class/no-class-server.json');
        compilation.fileDependencies.add(source);
        compilation.emitAsset(NO_CLASS_SERVER, new webpack.sources.RawSource(readFileSync(source)));
      });
    });
  }
}

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
      // locales/<locale>/*.ftl: the Fluent catalogs, as text without their comments
      // (scripts/ftl-loader.cjs; www/language/catalogs.js parses them).
      { test: /\.ftl$/, type: 'asset/source', use: path.join(root, 'scripts/ftl-loader.cjs') },
    ],
  },
  plugins: [
    new HtmlWebpackPlugin({ template: 'index.html', chunks: ['main'], csp: CSP, theme: THEME, manifest: mode === 'production' }),
    new HtmlWebpackPlugin({ template: 'embed.html', filename: 'embed.html', chunks: ['embed'], csp: CSP }),
    new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css' }),
    // The page registers the service worker only where this is true (www/main.js).
    new webpack.DefinePlugin({ BITQUEENS_OFFLINE: JSON.stringify(mode === 'production') }),
    new NoClassServer(),
    ...(mode === 'production' ? [
      new WebAppManifest(),
      new InjectManifest({
        swSrc: './www/offline/service-worker.js',
        swDest: SERVICE_WORKER,
        maximumFileSizeToCacheInBytes: PRECACHE_LIMIT_BYTES,
        // What no page requests: the licence notes the minifier writes beside a chunk; and the
        // static host's answer to the class probe, which must reach the network (a class
        // server answers it).
        exclude: [/\.map$/, /\.LICENSE\.txt$/, new RegExp(`^${NO_CLASS_SERVER}$`)],
      }),
    ] : []),
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
