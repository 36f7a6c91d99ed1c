/** The 举报 button and drawer of documents and articles (zh-CN, spec wording): the part of moderation's texts a reading page shows. */
export default {
  button: '举报',
  titleDocument: '举报文档',
  titleArticle: '举报文章',
  reason: '举报原因',
  hint: '请选择举报原因，我们核实后会尽快处理。',
  submit: '提交举报',
  success: '举报成功，感谢您的反馈',
  failed: '举报失败，请稍后再试',
  already: '您已经举报过了，我们会尽快处理',
  loginTitle: '登录后即可举报',
  loginHint: '举报需要登录，以便我们核实和反馈处理结果。',
  login: '立即登录',
};
