export { type ImageInfo, inspectImage } from './images.ts';
