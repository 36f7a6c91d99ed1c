/** Texts of the admin area (zh-CN, the spec's wording). */
export default {};
