/** Path param values as the endpoint map types them (numbers or strings). */
export type PathParams = Record<string, string | number>;
/** Query values; undefined ones are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined>;

/**
 * Fills a map path with its params: ('/api/result/status/:id', { id: 7 }) gives '/api/result/status/7'.
 * A named param is URI-encoded; a trailing '*' takes params['*'] as it is (it may hold slashes).
 */
export function fillPath(pattern: string, params: PathParams = {}): string {
  return pattern.replace(/:([A-Za-z0-9_]+)|\*$/g, (_match, name: string | undefined) => {
    const value = params[name ?? '*'];
    if (value === undefined) throw new Error(`${pattern}: no value for ${name ?? '*'}`);
    return name ? encodeURIComponent(String(value)) : String(value);
  });
}

/** Appends a query string, when there is anything to append. */
export function withQuery(url: string, query?: QueryParams): string {
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}
