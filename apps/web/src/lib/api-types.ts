/* eslint-disable @typescript-eslint/no-empty-object-type -- `{} extends T` asks "is nothing required?"; no value has type {} */
import type { EndpointKey, Endpoints, FileReply, MultipartBody, TusRequest } from '@invigil/contracts';

/** The map's paths of one method: PathOf<'GET'> is every path with a 'GET /path' key. */
type PathOf<M extends string> = { [K in EndpointKey]: K extends `${M} ${infer P}` ? P : never }[EndpointKey];

/** One endpoint of the map, by method and path. */
export type Endpoint<M extends string, P extends string> = Endpoints[`${M} ${P}` & EndpointKey];

/** The 200 reply of an endpoint: ApiReply<'POST /api/login'>. */
export type ApiReply<K extends EndpointKey> = Endpoints[K]['reply'];
/** The body an endpoint takes (never when it takes none). */
export type BodyOf<E> = E extends { body: infer B } ? B : never;
/** The body an endpoint takes: ApiBody<'POST /api/login'>. */
export type ApiBody<K extends EndpointKey> = BodyOf<Endpoints[K]>;

type Headers = Record<string, string>;
type ParamsField<E> = E extends { params: infer P } ? { params: P } : { params?: never };
type QueryField<E> = E extends { query: infer Q } ? ({} extends Q ? { query?: Q } : { query: Q }) : { query?: never };
type HeadersField<E> = E extends { headers: infer H }
  ? {} extends H
    ? { headers?: H & Headers }
    : { headers: H & Headers }
  : { headers?: Headers };

/** What a call passes besides its body: the map's params, query and headers, and fetch options. */
type CallOptions<E> = ParamsField<E> &
  QueryField<E> &
  HeadersField<E> & {
    signal?: AbortSignal;
    /** Keep the request alive while the page unloads (progress saves). */
    keepalive?: boolean;
  };

/** The options argument: required when the endpoint has path params or required query or headers. */
export type OptionsArg<E> = {} extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

type GetPath = PathOf<'GET'>;
type PostPath = PathOf<'POST'>;
/** GET calls answering JSON. */
export type JsonGetPath = { [P in GetPath]: Endpoint<'GET', P>['reply'] extends FileReply ? never : P }[GetPath];
/** GET calls answering a file. */
export type FileGetPath = { [P in GetPath]: Endpoint<'GET', P>['reply'] extends FileReply ? P : never }[GetPath];
/** POST calls taking a JSON body (not a form, not the tus protocol's requests). */
export type JsonPostPath = {
  [P in PostPath]: BodyOf<Endpoint<'POST', P>> extends MultipartBody | TusRequest ? never : P;
}[PostPath];
/** POST calls taking a multipart form. */
export type FormPostPath = { [P in PostPath]: BodyOf<Endpoint<'POST', P>> extends MultipartBody ? P : never }[PostPath];
