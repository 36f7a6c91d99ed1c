import { fileTypeFromBuffer } from 'file-type';

/** Image formats accepted for uploads, by the extension their bytes really have. */
const IMAGE_MIME_TO_EXT: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/bmp': '.bmp',
  'image/x-icon': '.ico',
  'image/vnd.microsoft.icon': '.ico',
};

export interface ImageInfo {
  ext: string;
  mime: string;
  width: number;
  height: number;
}

/**
 * Identifies an image by its bytes (never by its name) and reads its size; null when the bytes are not one of the
 * accepted image formats, whatever the file is called.
 */
export async function inspectImage(data: Buffer): Promise<ImageInfo | null> {
  const type = await fileTypeFromBuffer(data);
  const ext = type ? IMAGE_MIME_TO_EXT[type.mime] : undefined;
  if (!type || !ext) return null;
  let width = 0;
  let height = 0;
  if (ext !== '.ico' && ext !== '.bmp') {
    try {
      // Loaded with the first image: the web process, which only inspects uploads, need not hold it (issue 17).
      const { default: sharp } = await import('sharp');
      const meta = await sharp(data, { animated: false }).metadata();
      width = meta.width ?? 0;
      height = meta.height ?? 0;
    } catch {
      return null;
    }
  }
  return { ext, mime: type.mime, width, height };
}

/**
 * A page image at a smaller width (the reader's sizes for phones, issue 20), in the format it came in; never enlarged.
 * Encoded as the conversion encodes pages (WebP 80, JPEG 82, PNG level 6).
 */
export async function resizePageImage(data: Buffer, width: number, ext: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const img = sharp(data).resize({ width, withoutEnlargement: true });
  if (ext === '.jpg') return img.jpeg({ quality: 82 }).toBuffer();
  if (ext === '.png') return img.png({ compressionLevel: 6 }).toBuffer();
  return img.webp({ quality: 80 }).toBuffer();
}
