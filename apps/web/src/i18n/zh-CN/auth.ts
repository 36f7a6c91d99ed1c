/** Texts of the auth area (zh-CN, the spec's wording). */
export default {};
