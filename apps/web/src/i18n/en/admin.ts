/** Texts of the admin area (English); must cover every key of the zh-CN file. */
export default {};
