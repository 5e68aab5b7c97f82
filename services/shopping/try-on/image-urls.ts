// Where a try-on image is served to its owner, and the image id an address names.
const IMAGE_PATH = /^\/rest\/shopping\/try-on-photo\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const tryOnImageUrl = (imageId: string) => `/rest/shopping/try-on-photo/images/${imageId}`;

/** The image id of an address this server gave out (relative, or absolute on any origin), else null. */
export function imageIdOf(address: string): string | null {
  let path: string;
  try {
    path = new URL(address, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  return IMAGE_PATH.exec(path)?.[1] ?? null;
}
