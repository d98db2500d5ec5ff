/**
 * The webpack config every app builds from: the shell (host) and each remote differ only in
 * name, port and what they expose. Verified pitfalls are encoded here once:
 * - webpack 5.111.1 with @module-federation/enhanced 2.9.2;
 * - no [contenthash] in output.filename (MF cannot); only chunks are hashed;
 * - publicPath 'auto' for remotes, so a remote can be deployed under any folder;
 * - ts-loader transpileOnly (type-checking is `npm run typecheck`), swc minifier.
 */
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { API_PORT, buildContract, REMOTE_NAMES, SHELL_DEV_PORT, sharedSingletons } from './federation';

interface AppOptions {
  /** Folder of the app (its webpack.config.ts passes __dirname). */
  dir: string;
  /** Module Federation name. */
  name: 'shell' | keyof typeof REMOTE_NAMES;
  /** Modules the remote exposes to the shell. */
  exposes?: Record<string, string>;
  /** Title of the app's own HTML page (the shell's, or a remote's standalone page). */
  title: string;
}

export function createAppConfig(
  options: AppOptions,
  argv: { mode?: 'development' | 'production' },
): Configuration & { devServer?: DevServerConfiguration } {
  const production = argv.mode !== 'development';
  const isShell = options.name === 'shell';
  const devPort = options.name === 'shell' ? SHELL_DEV_PORT : REMOTE_NAMES[options.name].devPort;
  // What this build is made with (ADR 0032): in its manifest for the shell and the release
  // command to check, and compiled into the shell, which checks every remote against it.
  const contract = buildContract();

  return {
    mode: production ? 'production' : 'development',
    context: options.dir,
    entry: './src/index.ts',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: path.join(options.dir, 'dist'),
      // The shell serves deep links (/dashboard/…): its assets are always at the site root.
      publicPath: isShell ? '/' : 'auto',
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
      uniqueName: options.name,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules[\\/](?!shared-contracts)/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, onlyCompileBundledFiles: true } },
        },
        {
          test: /\.css$/,
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        { test: /\.svg$/, type: 'asset' },
        // The self-hosted Devanagari font's files (ADR 0025), fetched with its stylesheet.
        { test: /\.woff2?$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: options.name,
        filename: isShell ? undefined : 'remoteEntry.js',
        exposes: options.exposes,
        // Remotes are registered at run time from /config/remotes.json: nothing is compiled in.
        remotes: {},
        shared: sharedSingletons(),
        // The shell's manifest is not needed to load it; tests read it to see which chunk holds
        // which shared package, and the release command reads its contract (metaData.helpdesk).
        manifest: {
          additionalData: ({ stats }) => {
            (stats.metaData as typeof stats.metaData & { helpdesk?: unknown }).helpdesk = contract;
            return stats;
          },
        },
        dts: false,
      }),
      new webpack.DefinePlugin({ __HELPDESK_BUILD_CONTRACT__: JSON.stringify(contract) }),
      new HtmlWebpackPlugin({
        title: options.title,
        template: path.join(__dirname, 'index.html'),
        // A remote's own page is only its standalone host: served at the root of its dev server.
        publicPath: '/',
        scriptLoading: 'defer',
        // The shell's first request after main.js is its runtime config (a fixed URL, not a remote
        // address): start it with the page. Remote-specific hints are written at deploy time.
        preload: isShell ? [{ href: '/config/remotes.json', as: 'fetch' }] : [],
      }),
      ...(production
        ? [new MiniCssExtractPlugin({ filename: '[name].css', chunkFilename: '[name].[contenthash:8].css' })]
        : []),
    ],
    optimization: {
      minimizer: [
        new MinimizerPlugin({
          test: /\.(?:js|css)$/i,
          extractComments: false,
          minify: [
            { implementation: MinimizerPlugin.swcMinify },
            { implementation: MinimizerPlugin.esbuildMinifyCss },
          ],
        }),
      ],
    },
    performance: { hints: false },
    cache: { type: 'filesystem', cacheDirectory: path.join(options.dir, 'node_modules/.cache/webpack') },
    devServer: {
      port: devPort,
      historyApiFallback: true,
      hot: true,
      // The shell on :3000 loads remotes from :3001-3003 in development.
      headers: { 'Access-Control-Allow-Origin': '*' },
      // HELPDESK_API_URL: another api than the one `npm run dev -w api` starts (the standalone test's).
      proxy: [
        {
          context: ['/api', '/uploads'],
          target: process.env.HELPDESK_API_URL || `http://127.0.0.1:${API_PORT}`,
        },
      ],
      static: isShell ? [{ directory: path.join(options.dir, 'dev-config'), publicPath: '/config' }] : false,
      client: { overlay: { warnings: false, errors: true } },
    },
  };
}

/**
 * A remote's public bundle (ADR 0010): its pages as an ordinary webpack app, without Module
 * Federation, so every package is tree-shaken to what those pages use. It lands in dist/public/
 * with content-hashed names (no federation, so `output.filename` can be hashed) and an
 * `entry.json` naming its script and stylesheet, which the deploy step writes into the public
 * routes' HTML. Served from the remote's own folder: redeploying the remote redeploys it.
 */
export function createPublicBundleConfig(
  options: { dir: string; entry: string },
  argv: { mode?: 'development' | 'production' },
): Configuration {
  const base = createAppConfig({ dir: options.dir, name: 'publicIntake', title: 'Help Desk' }, argv);
  return {
    ...base,
    entry: options.entry,
    devtool: 'source-map',
    output: {
      path: path.join(options.dir, 'dist', 'public'),
      publicPath: 'auto',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
      uniqueName: 'publicIntakePages',
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: '[name].[contenthash:8].css',
        chunkFilename: '[name].[contenthash:8].css',
      }),
      new HtmlWebpackPlugin({
        filename: 'entry.json',
        inject: false,
        publicPath: '',
        // The entry's files, and every file of each lazily loaded page (`page-*` chunk names).
        templateContent: ({ htmlWebpackPlugin, compilation }) =>
          JSON.stringify({
            js: htmlWebpackPlugin.files.js,
            css: htmlWebpackPlugin.files.css,
            pages: Object.fromEntries(
              [...compilation.namedChunkGroups]
                .filter(([name]) => name.startsWith('page-'))
                .map(([name, group]) => [
                  name,
                  group.getFiles().filter((file: string) => file.endsWith('.js')),
                ]),
            ),
          }),
      }),
    ],
    cache: {
      type: 'filesystem',
      cacheDirectory: path.join(options.dir, 'node_modules/.cache/webpack-public'),
      // A change to this file or the app's public config (an alias, ADR 0075) invalidates the cache.
      buildDependencies: { config: [__filename, path.join(options.dir, 'webpack.public.config.ts')] },
    },
    devServer: undefined,
  };
}
