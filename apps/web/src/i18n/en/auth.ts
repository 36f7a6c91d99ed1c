/** Texts of the auth area (English); must cover every key of the zh-CN file. */
export default {};
