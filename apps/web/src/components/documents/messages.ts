import i18n from '@/i18n';
import { localizeMessage } from '@/lib/messages';

/** The shared document schemas' Chinese messages (ARCHITECTURE.md rule 11) and their keys in the documents area. */
const KEYS: Record<string, string> = {
  请输入文档标题: 'documents.validation.title',
  文档标题不能超过255个字符: 'documents.validation.titleLength',
  价格不能小于0: 'documents.validation.priceMin',
  价格过高: 'documents.validation.priceMax',
  请选择文档分类: 'documents.validation.category',
};

/** A validation message in the reader's language: the documents area's text when known, else the shared table's. */
export function localizeDocumentMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  const key = KEYS[message];
  return key ? i18n.t(key) : localizeMessage(message);
}
