/** Reading a document: search inside it and the text layer over its pages. */
export default {
  search: {
    label: '在文档中查找',
    open: '在文档中查找',
    placeholder: '在文档中查找…',
    submit: '查找',
    searching: '正在查找…',
    count: '共 {{count}} 处',
    none: '未找到相关内容',
    failed: '查找失败，请稍后再试',
    position: '{{current}} / {{total}}',
    announce: '第 {{current}} 处，共 {{total}} 处，在第 {{page}} 页',
    prev: '上一处',
    next: '下一处',
    clear: '清除查找',
    showResults: '显示查找结果',
    hideResults: '收起查找结果',
    results: '查找结果',
    page: '第 {{page}} 页',
    pageCount: '{{count}} 处',
    keys: '回车查找下一处，Shift+回车查找上一处，Esc 清除查找',
  },
} as const;
