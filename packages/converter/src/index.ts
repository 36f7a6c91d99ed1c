export { decodeText } from './encoding.ts';
export { DOCUMENT_ENGINES, type Engine, engineFor, SUPPORTED_DOCUMENT_EXTENSIONS } from './formats.ts';
export { type ImageInfo, inspectImage } from './images.ts';
export { type ConvertJob, type ConvertResult, convert, previewPages } from './pipeline.ts';
export type { PageLine, PreviewFormat } from './render.ts';
export { type ConversionLimits, runConversion } from './run.ts';
export { sniffDocument } from './sniff.ts';
export { parseUmd } from './umd.ts';
export { mupdfVersion } from './version.ts';
