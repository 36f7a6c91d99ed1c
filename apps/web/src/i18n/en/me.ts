/** Texts of the me area (English); must cover every key of the zh-CN file. */
export default {};
