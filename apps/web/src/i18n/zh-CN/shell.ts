/** Texts of the shell area (zh-CN, the spec's wording). */
export default {};
