import i18n from '../index';
import report from '../zh-CN/moderation-report';

/**
 * The zh-CN texts of the 举报 button and drawer (moderation.report): what a reading page shows of moderation's texts
 * (issue 17). The rest of moderation (reasons, punishments, the back office's lists) comes with i18n/areas/moderation,
 * which the drawer's and the back office's modules import.
 */
i18n.add('zh-CN', { moderation: { report } });

export { useTranslation } from '../react';
