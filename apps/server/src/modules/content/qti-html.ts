import { mediaKind } from '@invigil/contracts';
import { type MediaBag } from './media-bag.ts';
import { knownContentTypeOf } from '../../lib/media/content-types.ts';
import { FORBIDDEN_ELEMENTS } from './html-safety.ts';
import { escapeAttr, escapeText, textOf, type XmlElement, type XmlNode } from './safe-xml.ts';

/** The class that marks a question's (or passage's) own resource: qresourcepath, not inline (ADR 0151). */
export const RESOURCE_CLASS = 'invigil-resource';

const VOID = new Set(['img', 'br', 'hr', 'source', 'col', 'area', 'wbr', 'track']);
/** QTI body elements that are not shown to a candidate taking the test. */
const DROPPED = new Set([
  'feedbackInline',
  'feedbackBlock',
  'modalFeedback',
  'templateInline',
  'templateBlock',
  'rubricBlock',
  'printedVariable',
  'companionMaterialsInfo',
  'catalogInfo',
]);
const URL_ATTRS: Record<string, string> = { img: 'src', audio: 'src', video: 'src', source: 'src', a: 'href' };
const KEPT_ATTRS = new Set([
  'alt',
  'title',
  'class',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
  'headers',
  'summary',
  'start',
  'type',
  'controls',
  'lang',
  'dir',
  'abbr',
  'cite',
  'datetime',
  'span',
  'valign',
  'align',
]);

export interface HtmlContext {
  media: MediaBag;
  /** the package path of the file the content comes from (relative references start there) */
  file: string;
  problems: string[];
  /** what an element of the QTI vocabulary becomes: a string (possibly empty) or undefined for the default */
  replace?: (el: XmlElement) => string | undefined;
}

const isInteraction = (el: XmlElement) => el.name.endsWith('Interaction') && el.name !== 'mediaInteraction';
const hasClass = (el: XmlElement, cls: string) => (el.attrs.class ?? '').split(/\s+/).includes(cls);
const significant = (nodes: XmlNode[]) => nodes.filter((n) => n.kind === 'element' || n.text.trim() !== '');

/** A paragraph (or div) holding nothing but one inline interaction: it goes away with it. */
function isLoneInteractionBlock(el: XmlElement): boolean {
  if (el.name !== 'p' && el.name !== 'div') return false;
  const [only, ...more] = significant(el.children);
  return more.length === 0 && only?.kind === 'element' && isInteraction(only);
}

function mediaUrl(ctx: HtmlContext, ref: string): string | null {
  const r = ctx.media.resolve(ctx.file, ref);
  if ('problem' in r) {
    ctx.problems.push(r.problem);
    return null;
  }
  return r.url;
}

/** QTI 2's media element: <object data type> becomes the HTML5 element its type calls for. */
function objectToHtml(el: XmlElement, ctx: HtmlContext): string {
  const data = el.attrs.data ?? '';
  const url = data ? mediaUrl(ctx, data) : null;
  if (!url) return '';
  const type = el.attrs.type || knownContentTypeOf(data) || '';
  const cls = el.attrs.class ? ` class="${escapeAttr(el.attrs.class)}"` : '';
  const label = escapeAttr(el.attrs.title ?? textOf(el).trim());
  if (type.startsWith('image/')) return `<img${cls} src="${escapeAttr(url)}" alt="${label}"/>`;
  if (type.startsWith('audio/')) return `<audio${cls} controls="controls" src="${escapeAttr(url)}"></audio>`;
  if (type.startsWith('video/')) return `<video${cls} controls="controls" src="${escapeAttr(url)}"></video>`;
  return `<a${cls} href="${escapeAttr(url)}" download="download">${label || 'CLICK TO DOWNLOAD'}</a>`;
}

function attrsOf(el: XmlElement, ctx: HtmlContext): string {
  const out: string[] = [];
  for (const [k, v] of Object.entries(el.attrs)) {
    const name = k === 'xml:lang' ? 'lang' : k;
    if (URL_ATTRS[el.name] === name) {
      if (el.name === 'a' && v.startsWith('#')) out.push(`href="${escapeAttr(v)}"`);
      else {
        const url = mediaUrl(ctx, v);
        if (url) out.push(`${name}="${escapeAttr(url)}"`);
      }
      // data-* attributes go with the other unknown ones: nothing the candidate's page shows uses
      // them, and an author's value in one would reach the candidate's DOM (ADR 0190).
    } else if (KEPT_ATTRS.has(name)) out.push(`${name}="${escapeAttr(v)}"`);
  }
  return out.length ? ` ${out.join(' ')}` : '';
}

/**
 * Serialises QTI body content as the XHTML our questions hold: markup of the XHTML subset kept
 * (event handlers, styles and unknown attributes dropped; script, frames, forms, styles
 * and the like refused as problems, html-safety.ts; the web sanitises again when it shows it), media references resolved into stored URLs, QTI-only elements (feedback,
 * rubrics, templates) dropped, interactions as `replace` says. Indentation-only text goes.
 */
export function toHtml(nodes: XmlNode[], ctx: HtmlContext): string {
  let out = '';
  for (const n of nodes) {
    if (n.kind === 'text') {
      if (n.text.trim() === '' && n.text.includes('\n')) continue;
      out += escapeText(n.text);
      continue;
    }
    const replaced = ctx.replace?.(n);
    if (replaced !== undefined) {
      out += replaced;
      continue;
    }
    if (DROPPED.has(n.name) || isLoneInteractionBlock(n)) continue;
    // QTI 3.0 wraps the content of rubric (and feedback) blocks in qti-content-body: a container
    // of the format, not markup, so its content is kept without it.
    if (n.name === 'contentBody') {
      out += toHtml(n.children, ctx);
      continue;
    }
    if (n.name === 'object') {
      out += objectToHtml(n, ctx);
      continue;
    }
    // Compared in lower case: XML names are case-sensitive, HTML's are not (<SCRIPT> runs too).
    if (FORBIDDEN_ELEMENTS.has(n.name.toLowerCase())) {
      ctx.problems.push(`<${n.name}> is not allowed in question content.`);
      continue;
    }
    // A media interaction is a player, not a question (its response counts plays): its media
    // are shown as any other, its prompt as a paragraph.
    if (n.name === 'mediaInteraction') {
      const prompt = n.children.find((c): c is XmlElement => c.kind === 'element' && c.name === 'prompt');
      out += toHtml(
        n.children.filter((c) => c !== prompt),
        ctx,
      );
      if (prompt) out += `<p>${toHtml(prompt.children, ctx)}</p>`;
      continue;
    }
    if (n.name === 'include' || isInteraction(n)) {
      ctx.problems.push(`<${n.name}> is not supported here.`);
      continue;
    }
    const attrs = attrsOf(n, ctx);
    if (VOID.has(n.name)) out += `<${n.name}${attrs}/>`;
    else out += `<${n.name}${attrs}>${toHtml(n.children, ctx)}</${n.name}>`;
  }
  return out.trim();
}

/**
 * The first element marked as the question's own resource (class invigil-resource): its stored
 * URL, and the element taken out of the tree (in place, so other elements keep their identity).
 */
export function takeResource(nodes: XmlNode[], ctx: HtmlContext): { resource: string | null; rest: XmlNode[] } {
  const find = (list: XmlNode[]): { list: XmlNode[]; el: XmlElement } | null => {
    for (const n of list) {
      if (n.kind !== 'element') continue;
      if (hasClass(n, RESOURCE_CLASS)) return { list, el: n };
      const inner = find(n.children);
      if (inner) return inner;
    }
    return null;
  };
  const hit = find(nodes);
  if (!hit) return { resource: null, rest: nodes };
  hit.list.splice(hit.list.indexOf(hit.el), 1);
  const el = hit.el;
  const ref =
    el.name === 'object'
      ? el.attrs.data
      : (el.attrs.src ??
        el.children.find((c): c is XmlElement => c.kind === 'element' && c.name === 'source')?.attrs.src);
  // The view shows a resource by the spec's media lists (jpg, mp3, mp4, pdf, ...); others only inline.
  if (ref && !mediaKind(ref))
    ctx.problems.push(`"${ref.slice(0, 200)}" is not of a media type a question resource can show (the spec's lists).`);
  return { resource: ref ? mediaUrl(ctx, ref) : null, rest: nodes };
}
