import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * Compresses every text answer made at request time (HTML, JSON of tRPC and REST, XML, plain JS and CSS), brotli
 * when the client takes it, else gzip, with `Vary: Accept-Encoding` (issue 17). Answers that already carry an
 * encoding (precompressed assets, `.gzip.svg` pages) and pictures pass as they are. Byte ranges and downloads are
 * left whole: a compressed 206 would no longer be the range asked for, and a download is the file itself.
 */
export function compressAnswers(): RequestHandler {
  return compression({
    filter: (req: Request, res: Response) =>
      !req.headers.range && !req.path.startsWith('/download/') && compression.filter(req, res),
  });
}

/**
 * Static files of the built web app, served precompressed (`.br` / `.gz` written beside each file by the build) when
 * the client accepts that encoding, with `Vary: Accept-Encoding`.
 */
export function precompressedStatic(root: string, options: expressStaticGzip.ExpressStaticGzipOptions['serveStatic']) {
  // `index: false`: a folder's path ("/") is a page the web handler renders, never index.html as a file.
  return expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: options,
  });
}
