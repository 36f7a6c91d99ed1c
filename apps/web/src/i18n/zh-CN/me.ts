/** Texts of the me area (zh-CN, the spec's wording). */
export default {};
