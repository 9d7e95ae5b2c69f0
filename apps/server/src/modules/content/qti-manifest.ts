import { EXTENSION_RESOURCE_TYPE } from '@invigil/contracts';
import { childElements, descendants, firstChild, textOf, type XmlElement } from './safe-xml.ts';

type ResourceKind = 'item' | 'test' | 'stimulus' | 'extension' | 'other';

export interface ManifestResource {
  identifier: string;
  type: string;
  kind: ResourceKind;
  href: string;
  files: string[];
}

export interface Manifest {
  /** 'qti-3.0', 'qti-2.2' or 'qti-2.1' */
  format: string;
  title: string | null;
  resources: ManifestResource[];
}

/**
 * A package path from a URI reference as a manifest or test writes it: percent-encoding undone
 * ("my%20item.xml" is the entry "my item.xml"), as it is for media references.
 */
export function packageHref(href: string): string {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
}

function kindOf(type: string, href: string): ResourceKind {
  if (type === EXTENSION_RESOURCE_TYPE || href.endsWith('.invigil.json')) return 'extension';
  if (/^imsqti_item_/.test(type)) return 'item';
  if (/^imsqti_test_/.test(type)) return 'test';
  if (/^imsqti_stimulus_/.test(type)) return 'stimulus';
  return 'other';
}

/** The QTI version a package claims, from its resource types and namespaces. */
function formatOf(root: XmlElement, types: string[]): string {
  const all = `${types.join(' ')} ${root.ns} ${textOf(firstChild(root, 'metadata') ?? root).slice(0, 500)}`;
  if (/v3p0|qtiv3|imsqtiasi_v3|\b3\.0/.test(all)) return 'qti-3.0';
  if (/v2p2|\b2\.2/.test(all)) return 'qti-2.2';
  return 'qti-2.1';
}

/** Reads imsmanifest.xml (IMS Content Packaging): its resources, their kinds and files. */
export function readManifest(root: XmlElement): Manifest {
  if (root.name !== 'manifest') throw new Error('imsmanifest.xml does not hold a <manifest>.');
  const resourcesEl = firstChild(root, 'resources');
  const resources = (resourcesEl ? childElements(resourcesEl, 'resource') : []).map((r) => {
    const href = packageHref(r.attrs.href ?? '');
    const type = r.attrs.type ?? '';
    return {
      identifier: r.attrs.identifier ?? '',
      type,
      kind: kindOf(type, href),
      href,
      files: childElements(r, 'file').map((f) => packageHref(f.attrs.href ?? '')),
    };
  });
  const orgTitle = descendants(root, 'organization')
    .map((o) => firstChild(o, 'title'))
    .find(Boolean);
  return {
    format: formatOf(
      root,
      resources.map((r) => r.type),
    ),
    title: orgTitle ? textOf(orgTitle).trim() || null : null,
    resources,
  };
}
