// webpack 5: bundles www/ and the wasm-bindgen output (www/pkg, built by scripts/build-wasm.sh)
// into dist/, which any static file server can serve offline.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

const root = path.dirname(fileURLToPath(import.meta.url));

export default {
  entry: './www/main.js',
  output: {
    path: path.join(root, 'dist'),
    filename: '[name].[contenthash:8].js',
    assetModuleFilename: '[name].[contenthash:8][ext]',
    publicPath: '',
    clean: true,
  },
  experiments: { asyncWebAssembly: true },
  module: {
    rules: [{ test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] }],
  },
  plugins: [
    new HtmlWebpackPlugin({ template: 'index.html' }),
    new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css' }),
  ],
  performance: { hints: false },
  devServer: {
    port: 8080,
    static: false,
    client: { overlay: { warnings: false } },
  },
};
