/** The long-form pages whose title, description and text live in messages under `staticPages.<page>`. */
export type StaticPageKey = 'privacy' | 'about' | 'eco';
