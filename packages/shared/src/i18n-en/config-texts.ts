/**
 * English texts of the settings rows (the server sends the spec's Chinese `label`, `placeholder` and `options`),
 * keyed by `${category}.${name}`. `options` keeps the server's keys, one `key:label` per line; a row without
 * `options` here shows the server's (file extensions, brand names). A unit test checks every seeded row has an entry.
 */
export interface ConfigText {
  label: string;
  placeholder?: string;
  options?: string;
}

const HIDDEN_WHEN_EMPTY = 'Leave empty to hide the link';
const TEMPLATE_ID = 'Template ID';

/** The three SMS verification templates every provider has. */
function smsTemplates(category: string): Record<string, ConfigText> {
  return {
    [`${category}.template_register`]: { label: 'Registration code template', placeholder: TEMPLATE_ID },
    [`${category}.template_login`]: { label: 'Sign-in code template', placeholder: TEMPLATE_ID },
    [`${category}.template_find_password`]: { label: 'Password recovery code template', placeholder: TEMPLATE_ID },
  };
}

/** The fields every OAuth provider has; the ID and secret keep the provider's own names. */
function oauth(
  category: string,
  { idLabel = 'Client ID', secretLabel = 'Client Secret' } = {},
): Record<string, ConfigText> {
  return {
    [`${category}.enable`]: { label: 'Enable' },
    [`${category}.name`]: { label: 'Display name', placeholder: 'Name shown on the sign-in button' },
    [`${category}.icon`]: { label: 'Icon', placeholder: 'Sign-in button icon; leave empty for the default icon' },
    [`${category}.client_id`]: { label: idLabel },
    [`${category}.client_secret`]: { label: secretLabel },
    [`${category}.scope`]: { label: 'Scope' },
    ...(category === 'oauthCustom'
      ? {}
      : {
          [`${category}.endpoint`]: {
            label: 'API address',
            placeholder:
              category === 'oauthGoogle'
                ? 'Empty for Google; another OpenID Connect service: its issuer URL'
                : 'Empty for the official address; a private deployment (e.g. GitHub Enterprise): its address',
          },
        }),
  };
}

/** The five settings of one VIP card kind. */
function vipKind(key: 'year' | 'quarter' | 'month', title: string): Record<string, ConfigText> {
  return {
    [`vip.${key}_price`]: { label: `${title} price (fen)`, placeholder: 'In fen (1/100 yuan), e.g. 1000 is 10 yuan' },
    [`vip.${key}_original_price`]: { label: `${title} list price (fen)`, placeholder: 'Struck-through price, in fen' },
    [`vip.${key}_download`]: {
      label: `${title} free VIP downloads`,
      placeholder: 'Total number of VIP documents that can be downloaded free during the membership',
    },
    [`vip.${key}_document_discount`]: {
      label: `${title} document discount`,
      placeholder: 'Discount on non-VIP documents, 1–100: 70 means 30% off, 100 means no discount',
    },
    [`vip.${key}_times_every_day`]: {
      label: `${title} downloads per day`,
      placeholder: 'Most documents downloaded per day, 0 for no limit',
    },
  };
}

export const CONFIG_TEXTS: Record<string, ConfigText> = {
  // Basic
  'system.sitename': { label: 'Site name', placeholder: 'Enter the site name, e.g. Wenku' },
  'system.timezone': {
    label: 'Site time zone',
    placeholder: 'IANA time zone, e.g. Asia/Shanghai; the daily sign-in follows calendar days in this zone',
  },
  'system.domain': {
    label: '[Important] Site domain',
    placeholder:
      'The address of the site with http:// or https://, used for the sitemap, password recovery links and payment callbacks',
  },
  'system.title': { label: 'Home page title', placeholder: 'Title of the home page' },
  'system.keywords': { label: 'Site keywords', placeholder: 'Enter the keywords of the site' },
  'system.description': { label: 'Site description', placeholder: 'Enter the description of the site' },
  'system.recommend_words': {
    label: 'Suggested searches on the home page',
    placeholder: 'Keywords shown under the home page search box, separated by commas',
  },
  'system.logo': {
    label: 'Site logo',
    placeholder: 'Use an image with a transparent background so the footer can show it inverted',
  },
  'system.favicon': { label: 'Site favicon', placeholder: 'A small square image, preferably .ico' },
  'system.register_background': { label: 'Registration page background' },
  'system.login_background': { label: 'Sign-in page background' },
  'system.sec_icp': { label: 'Public security filing', placeholder: 'Enter the public security filing number' },
  'system.icp': { label: 'ICP filing number', placeholder: 'Enter the ICP filing number of the site' },
  'system.copyright_start_year': {
    label: 'Copyright start year',
    placeholder: 'e.g. 2019: the footer shows ©2019 - current year',
  },
  'system.analytics': { label: 'Analytics code', placeholder: 'Only Baidu Analytics is supported for now' },
  'system.enable_powered_by': { label: 'Show “Powered by”', placeholder: 'Show the software name in the footer' },
  'system.enable_watermark': {
    label: 'Enable watermark',
    placeholder: 'Lays a watermark image over document previews',
  },
  'system.watermark': {
    label: 'Watermark image',
    placeholder: 'A PNG or SVG image with a transparent background works best',
  },
  'system.show_exchange': {
    label: 'Show credits in yuan',
    placeholder: 'Show the yuan value next to credit amounts',
  },
  'system.enable_sms': {
    label: 'Enable SMS',
    placeholder:
      'Allows registration with a mobile number, SMS sign-in and SMS password recovery; configure Settings → SMS first',
  },

  // Captcha
  'captcha.height': { label: 'Captcha height', placeholder: 'Default 60' },
  'captcha.width': { label: 'Captcha width', placeholder: 'Default 240' },
  'captcha.length': { label: 'Captcha length', placeholder: 'Number of characters; 6 when 0 or less' },
  'captcha.type': {
    label: 'Captcha type',
    placeholder: 'Digits by default',
    options: 'string:Letters and digits\nmath:Arithmetic\ndigit:Digits',
  },
  'captcha.enable_audio': {
    label: 'Spoken captcha',
    placeholder:
      'Shows a "listen" button beside the captcha that reads out digits, for blind users (needs espeak-ng on the server)',
  },

  // Security
  'security.max_document_size': {
    label: 'Maximum document size (MB)',
    placeholder:
      'Largest document that may be uploaded, 50 MB by default. Raise the reverse proxy limit too (e.g. nginx client_max_body_size)',
  },
  'security.comment_interval': {
    label: 'Comment interval',
    placeholder: 'Seconds between two comments of the same user, 0 for no limit',
  },
  'security.document_related_duration': {
    label: 'Validity of “Related documents”',
    placeholder: 'Days related documents are cached, 7 by default; 0 or less turns related documents off',
  },
  'security.attachment_retention_minute': {
    label: 'Keep files purged from the recycle bin for',
    placeholder:
      'In minutes, 1440 (24 hours) by default. Files of documents purged from the recycle bin are kept this long in case of mistakes; 0 deletes them at once',
  },
  'security.search_record_retention_days': {
    label: 'Keep search records for (days)',
    placeholder: 'In days; 0 records no searches',
  },
  'security.document_allowed_ext': {
    label: 'Document types allowed for upload',
    placeholder: 'Leave empty to allow every document type the software supports',
  },
  'security.disable_upload_exist_document': {
    label: 'Refuse documents that already exist',
    placeholder: 'Files with the same content (MD5) as a document on the site are skipped',
  },
  'security.is_close': {
    label: 'Close the site',
    placeholder: 'Visitors and users without admin rights only see the sign-in page and the closure notice',
  },
  'security.close_statement': {
    label: 'Closure notice',
    placeholder: 'Shown on the sign-in page while the site is closed; HTML allowed',
  },
  'security.enable_register': { label: 'Allow registration' },
  'security.enable_register_review': {
    label: 'Review new registrations',
    placeholder: 'New users can sign in only after an administrator approves them',
  },
  'security.login_required': {
    label: 'Sign-in required to visit',
    placeholder: 'Visitors who are not signed in are sent to the sign-in page',
  },
  'security.enable_captcha_login': { label: 'Captcha on sign-in' },
  'security.enable_captcha_register': { label: 'Captcha on registration' },
  'security.enable_captcha_comment': { label: 'Captcha on comments' },
  'security.enable_captcha_find_password': { label: 'Captcha on password recovery' },
  'security.enable_verify_register_email': {
    label: 'Verify the e-mail address on registration',
    placeholder: 'Registration asks for a code sent by e-mail; enable the e-mail service first',
  },
  'security.login_max_attempts': {
    label: 'Failed sign-ins before locking',
    placeholder: 'After this many failed sign-ins in a row, sign-in is locked for a while; 0 never locks',
  },
  'security.login_lock_minutes': {
    label: 'Sign-in lock duration (minutes)',
    placeholder: 'How long sign-in stays locked after too many failures',
  },
  'security.register_max_per_ip': {
    label: 'Registrations per IP per hour',
    placeholder:
      'How many accounts one IP address may register in an hour (mobile sign-ups included), with or without the captcha; 0 means no limit',
  },
  'security.order_timeout_minutes': {
    label: 'Close unpaid orders after (minutes)',
    placeholder: 'Orders not paid within this time are closed automatically',
  },
  'security.enable_wechatmp_login': {
    label: 'Sign in by scanning the mini-program code',
    placeholder: 'Configure Settings → Mini-program first',
  },

  // Footer links
  'footer.about': { label: 'About us', placeholder: HIDDEN_WHEN_EMPTY },
  'footer.contact': { label: 'Contact us', placeholder: HIDDEN_WHEN_EMPTY },
  'footer.agreement': { label: 'Terms of use', placeholder: HIDDEN_WHEN_EMPTY },
  'footer.copyright': { label: 'Disclaimer', placeholder: HIDDEN_WHEN_EMPTY },
  'footer.feedback': { label: 'Feedback', placeholder: HIDDEN_WHEN_EMPTY },

  // Conversion
  'converter.max_preview_percent': {
    label: 'Maximum preview pages (%)',
    placeholder:
      '1–100; 0 and 100 mean no limit. With “Maximum preview pages” also set, the smaller page count applies',
  },
  'converter.max_preview': {
    label: 'Maximum preview pages',
    placeholder: 'Most pages of a document that can be previewed, 0 for no limit',
  },
  'converter.enable_ocr': {
    label: 'Recognise text of scanned pages (OCR)',
    placeholder:
      'Pages without a text layer (scans, image pages) are read with Tesseract once the previews are ready, so they can be searched and copied',
  },
  'converter.ocr_max_pages': {
    label: 'Most pages read by OCR',
    placeholder: 'OCR reads at most this many first pages of a document, 0 for no limit',
  },
  'converter.timeout': { label: 'Conversion timeout (minutes)', placeholder: 'Timeout of one conversion command' },
  'converter.extension': {
    label: 'Preview format',
    placeholder: 'Image format of the previews made from converted documents',
    options: 'svg:SVG\njpg:JPEG\npng:PNG\nwebp:WEBP',
  },
  'converter.enable_convert_repeated_document': {
    label: 'Convert duplicate documents',
    placeholder: 'When off, documents with the same content (same MD5) reuse the existing conversion',
  },
  'converter.enable_gzip': {
    label: 'Enable GZIP compression',
    placeholder: 'SVG previews only; saves about 75% of storage',
  },
  'converter.enable_svgo': {
    label: 'Enable SVGO',
    placeholder: 'SVG previews only; saves about 50% of storage but makes conversion much slower',
  },

  // Downloads
  'download.enable_guest_download': {
    label: 'Allow visitors to download',
    placeholder: 'Visitors who are not signed in can download free documents',
  },
  'download.free_download_duration': {
    label: 'Free re-downloads after purchase (days)',
    placeholder: '0: downloading again needs another purchase; more than 0: free for that many days',
  },
  'download.url_duration': {
    label: 'Download link validity (seconds)',
    placeholder: 'Seconds before a generated download link expires',
  },
  'download.times_every_day': {
    label: 'Downloads per signed-in user per day',
    placeholder: 'How often each signed-in user can download per day, 0 allows no downloads',
  },
  'download.times_every_ip': {
    label: 'Downloads per IP per day',
    placeholder: 'How often each IP address can download per day (all users together), 0 allows no downloads',
  },
  'download.secret_key': {
    label: 'Link signing key',
    placeholder: 'Signs the download links; leave empty to have a random key generated',
  },
  'download.enable_captcha_download': {
    label: 'Captcha on download',
    placeholder: 'A captcha must be entered before a document downloads',
  },
  'download.enable_code_download': {
    label: 'Allow download codes',
    placeholder: 'Users can download documents free with a download code',
  },
  'download.code_tip': {
    label: 'How to get a download code',
    placeholder: 'Tells users how to obtain a download code; HTML allowed',
  },
  'download.max_price': {
    label: 'Highest document price for download codes',
    placeholder: 'Download codes only work for documents up to this price; 0 means free documents only',
  },

  // Credits
  'score.credit_name': { label: 'Credit name', placeholder: 'Name of the site’s credits, 魔豆 by default' },
  'score.register': { label: 'Registration', placeholder: 'Credits for registering' },
  'score.sign_in': { label: 'Daily check-in', placeholder: 'Credits for the daily check-in' },
  'score.delete_document': {
    label: 'Document deleted',
    placeholder: 'Credits taken from the uploader when a document is deleted, 0 takes none',
  },
  'score.upload_document': { label: 'Document uploaded', placeholder: 'Credits for uploading a document' },
  'score.upload_document_limit': {
    label: 'Upload rewards per day',
    placeholder: 'Most upload rewards per day, 0 for no reward',
  },
  'score.document_collected': {
    label: 'Document added to favourites',
    placeholder: 'Credits when an uploaded document is added to someone’s favourites',
  },
  'score.document_collected_limit': {
    label: 'Favourite rewards per day',
    placeholder: 'Most favourite rewards per day, 0 for no reward',
  },
  'score.document_commented': {
    label: 'Document commented on',
    placeholder: 'Credits when someone comments on an uploaded document',
  },
  'score.document_commented_limit': {
    label: 'Comment rewards per day',
    placeholder: 'Most comment rewards per day, 0 for no reward',
  },
  'score.credit_exchange': { label: 'Credits per yuan', placeholder: 'How many credits 1 yuan buys' },
  'score.recharge_enable': { label: 'Enable buying credits' },
  'score.rewarded_ad_credit': {
    label: 'Rewarded ad credits',
    placeholder: 'Credits for each rewarded video watched in the mini-program; 0 turns it off',
  },
  'score.rewarded_ad_times_every_day': {
    label: 'Rewarded ads per day',
    placeholder: 'How many rewarded ads a member may be paid for each day',
  },
  'score.recharge_discount': {
    label: 'Top-up discounts',
    placeholder: 'One tier per line as credits:discount, e.g. 1000:0.9 gives 10% off top-ups of 1000 credits or more',
  },

  // E-mail
  'email.enable': {
    label: 'Enable e-mail',
    placeholder: 'The e-mail service sends password recovery links and registration codes',
  },
  'email.host': { label: 'SMTP server', placeholder: 'e.g. smtp.exmail.com' },
  'email.port': { label: 'SMTP port', placeholder: 'e.g. 465' },
  'email.is_tls': { label: 'Use TLS', placeholder: 'Turn on when the port uses TLS' },
  'email.from_name': { label: 'Sender name', placeholder: 'Leave empty to use the SMTP account' },
  'email.username': { label: 'SMTP account', placeholder: 'The mailbox account, also used as the sender address' },
  'email.password': { label: 'SMTP password' },
  'email.duration': {
    label: 'E-mail link validity',
    placeholder: 'Validity of password recovery links in minutes, 1–60',
  },
  'email.secret': {
    label: 'Signing key',
    placeholder: 'Signs the password recovery links; leave empty to have a random key generated',
  },
  'email.test_email': {
    label: 'Test address',
    placeholder:
      'With e-mail enabled, a test message goes to this address each time these settings are saved; a failure is reported',
  },

  // Display
  'display.show_document_count': { label: 'Show the number of documents' },
  'display.show_document_download_count': { label: 'Show document downloads' },
  'display.show_document_view_count': { label: 'Show document views' },
  'display.show_document_favorite_count': { label: 'Show document favourites' },
  'display.show_register_user_count': { label: 'Show the number of registered users' },
  'display.disable_copy_paid_document': {
    label: 'Prevent copying the text of paid documents',
    placeholder:
      'When on, the text layer over the preview pages of paid documents cannot be selected or copied (screen readers still read it); the uploader is not restricted',
  },
  'display.virtual_register_count': {
    label: 'Extra registered users shown',
    placeholder: 'Users shown on the home page = real registered users + this number',
  },
  'display.show_document_descriptions': {
    label: 'Show document summaries',
    placeholder: 'Show the summary and details on the document reading page',
  },
  'display.show_index_categories': {
    label: 'Show the category bar',
    placeholder: 'Show the categories in the bar across the middle of the home page',
  },
  'display.index_document_style': {
    label: 'Home page document layout',
    options: 'card:Cards\nlist:List',
  },
  'display.home_version': { label: 'Home page version', options: 'v1:Version 1\nv2:Version 2' },
  'display.pages_per_read': {
    label: 'Pages per “Continue reading”',
    placeholder: 'Pages added each time “Continue reading” is clicked',
  },
  'display.max_search_pages': {
    label: 'Maximum search result pages',
    placeholder: 'Most result pages a search shows, 0 for no limit',
  },
  'display.copyright_statement': {
    label: 'Copyright notice',
    placeholder: 'Shown at the very bottom of every page; HTML allowed',
  },
  'display.hide_keywords_on_lists': {
    label: 'Hide keywords',
    placeholder: 'Hide the keywords on the right of document lists',
  },
  'display.hide_category_without_document': {
    label: 'Hide empty categories',
    placeholder: 'Hide categories without documents on the public site',
  },
  'display.wechat_tip': {
    label: 'WeChat / official account text',
    placeholder: 'WeChat text of the fixed bar at the bottom right',
  },
  'display.wechat_qrcode': {
    label: 'WeChat / official account QR code',
    placeholder: 'QR code of the fixed bar at the bottom right; not shown when none is uploaded',
  },
  'display.contact_tip': {
    label: 'Contact us text',
    placeholder: '“Contact us” text of the fixed bar at the bottom right',
  },
  'display.contact_link': {
    label: 'Contact us link',
    placeholder: '“Contact us” link of the fixed bar at the bottom right; leave empty to hide it',
  },
  'display.show_order': {
    label: 'Show orders',
    placeholder: 'Shows the order pages and the “My orders” menu; when off, buying a document downloads it directly',
  },

  // VIP
  'vip.enable': { label: 'Enable VIP membership' },
  'vip.icon': {
    label: 'VIP badge icon',
    placeholder: 'Shown at the bottom right of VIP users’ avatars; leave empty for the default icon',
  },
  'vip.enable_credit_pay': {
    label: 'Allow paying VIP with credits',
    placeholder: 'Users can pay VIP orders with credits',
  },
  ...vipKind('year', 'Yearly card'),
  ...vipKind('quarter', 'Quarterly card'),
  ...vipKind('month', 'Monthly card'),

  // Payment
  'wechatpay.enable': { label: 'Enable WeChat Pay' },
  'wechatpay.gateway': { label: 'Payment gateway', placeholder: 'WeChat Pay APIv3 address; usually leave unchanged' },
  'wechatpay.appid': {
    label: 'AppID',
    placeholder: 'AppID of the official account or app bound to the merchant ID',
  },
  'wechatpay.mchid': { label: 'Merchant ID' },
  'wechatpay.api_v3_key': { label: 'APIv3 key' },
  'wechatpay.serial_no': { label: 'Merchant API certificate serial number' },
  'wechatpay.private_key': {
    label: 'Merchant API certificate private key',
    placeholder: 'The content of apiclient_key.pem',
  },
  'wechatpay.public_key_id': {
    label: 'WeChat Pay public key ID',
    placeholder: 'Fill in either the WeChat Pay public key or the platform certificate',
  },
  'wechatpay.public_key': { label: 'WeChat Pay public key' },
  'wechatpay.platform_cert': {
    label: 'Platform certificate',
    placeholder: 'Can be filled in automatically with “Fetch platform certificate”',
  },
  'alipay.enable': { label: 'Enable Alipay' },
  'alipay.app_id': { label: 'App ID' },
  'alipay.private_key': { label: 'App private key' },
  'alipay.alipay_public_key': { label: 'Alipay public key' },
  'alipay.gateway': { label: 'Payment gateway' },
  'alipay.desktop_mode': {
    label: 'Desktop payment',
    options: 'page:Website payment (Alipay cashier page)\nqrcode:Face-to-face QR code (scan on the order page)',
    placeholder:
      'The QR code needs the Face-to-face Payment product signed on Alipay Open Platform; phones always use mobile website payment',
  },
  'alipay.sandbox': { label: 'Sandbox', placeholder: 'For testing only; turn off in production' },
  'xunhupay.enable': { label: 'Enable XunhuPay' },
  'xunhupay.name': { label: 'Payment method name', placeholder: 'Name of the payment method on the order page' },
  'xunhupay.appid': { label: 'AppID' },
  'xunhupay.appsecret': { label: 'AppSecret' },
  'xunhupay.gateway': { label: 'Payment gateway' },

  // SMS
  'sms.sms_provider': {
    label: 'SMS provider',
    options:
      'smsAliyun:Alibaba Cloud\nsmsTencent:Tencent Cloud\nsmsBaidu:Baidu Cloud\nsmsHuawei:Huawei Cloud\nsmsHaomas:Haomas',
  },
  'sms.code_length': { label: 'Code length' },
  'sms.cooldown_seconds': {
    label: 'Interval between messages (seconds)',
    placeholder: 'Shortest time between two messages to the same number',
  },
  'sms.daily_limit_per_mobile': { label: 'Messages per mobile number per day', placeholder: '0 for no limit' },
  'sms.daily_limit_per_ip': { label: 'Messages per IP per day', placeholder: '0 for no limit' },
  'sms.code_ttl_minutes': { label: 'Code validity (minutes)' },
  'smsAliyun.access_key_id': { label: 'AccessKey ID' },
  'smsAliyun.access_key_secret': { label: 'AccessKey Secret' },
  'smsAliyun.sign_name': { label: 'SMS signature' },
  ...smsTemplates('smsAliyun'),
  'smsAliyun.endpoint': { label: 'Endpoint' },
  'smsTencent.secret_id': { label: 'SecretId' },
  'smsTencent.secret_key': { label: 'SecretKey' },
  'smsTencent.sdk_app_id': { label: 'SDK AppID', placeholder: 'SdkAppId of the SMS application' },
  'smsTencent.sign_name': { label: 'SMS signature' },
  ...smsTemplates('smsTencent'),
  'smsTencent.region': { label: 'Region' },
  'smsTencent.endpoint': { label: 'Endpoint' },
  'smsBaidu.access_key_id': { label: 'AccessKey ID' },
  'smsBaidu.secret_access_key': { label: 'Secret Access Key' },
  'smsBaidu.signature_id': { label: 'SMS signature ID' },
  ...smsTemplates('smsBaidu'),
  'smsBaidu.endpoint': { label: 'Endpoint' },
  'smsHuawei.app_key': { label: 'Application Key' },
  'smsHuawei.app_secret': { label: 'Application Secret' },
  'smsHuawei.sender': {
    label: 'Signature channel number',
    placeholder: 'Channel number of the domestic SMS signature',
  },
  'smsHuawei.signature': { label: 'Signature name' },
  ...smsTemplates('smsHuawei'),
  'smsHuawei.endpoint': { label: 'App access address' },
  'smsHaomas.url': { label: 'API address', placeholder: 'HTTP address of the SMS gateway' },
  'smsHaomas.method': { label: 'Request method', options: 'GET:GET\nPOST:POST' },
  'smsHaomas.params': {
    label: 'Request parameter template',
    placeholder: 'One parameter per line as name=value; variables: {mobile} {code} {minutes} {secret}',
  },
  'smsHaomas.secret': { label: 'API key' },
  ...smsTemplates('smsHaomas'),
  'smsHaomas.content_type': {
    label: 'POST body format',
    options: 'form:Form (x-www-form-urlencoded)\njson:JSON',
  },
  'smsHaomas.sign_type': {
    label: 'Signature',
    options: 'none:No signature\nmd5:MD5 (sorted parameters + key)\nhmac-sha256:HMAC-SHA256 (key, sorted parameters)',
  },
  'smsHaomas.sign_param': { label: 'Signature parameter name' },
  'smsHaomas.success_path': {
    label: 'Success field',
    placeholder: 'JSON path such as code or data.0.status; leave empty to check for a text instead',
  },
  'smsHaomas.success_value': { label: 'Success value', placeholder: 'For example 0 or OK' },
  'smsHaomas.success_contains': {
    label: 'Success text',
    placeholder: 'Used when no success field is set; with both empty any HTTP 2xx counts as success',
  },
  'smsHaomas.request_id_path': { label: 'Message ID field', placeholder: 'JSON path such as data.id' },

  // OAuth
  ...oauth('oauthWechat', { idLabel: 'AppID', secretLabel: 'AppSecret' }),
  ...oauth('oauthOfficialAccount', { idLabel: 'AppID', secretLabel: 'AppSecret' }),
  'oauthOfficialAccount.token': {
    label: 'Token',
    placeholder: 'The Token of the server configuration, used to verify the official account',
  },
  'oauthOfficialAccount.encoding_aes_key': { label: 'Message encryption key (EncodingAESKey)' },
  ...oauth('oauthQQ', { idLabel: 'APP ID', secretLabel: 'APP Key' }),
  ...oauth('oauthGoogle'),
  ...oauth('oauthGithub'),
  ...oauth('oauthGitee'),
  ...oauth('oauthCustom'),
  'oauthCustom.authorize_url': { label: 'Authorization URL', placeholder: 'Address of the user authorization page' },
  'oauthCustom.token_url': {
    label: 'Token URL',
    placeholder: 'Address that exchanges the authorization code for an access token',
  },
  'oauthCustom.userinfo_url': { label: 'User info URL', placeholder: 'Address that returns the user’s details' },
  'oauthCustom.issuer': {
    label: 'Issuer',
    placeholder: 'For OpenID Connect services that return an id_token; empty: the origin of the authorization URL',
  },

  // Full-text search
  'fulltext_search.enable': { label: 'Enable full-text search' },
  'fulltext_search.engine': {
    label: 'Search engine',
    placeholder: 'After changing the engine, rebuild the full-text index on the admin dashboard',
    options: 'postgres:PostgreSQL built-in full-text search',
  },
  'fulltext_search.max_candidates': {
    label: 'Maximum candidates',
    placeholder: 'Most documents ranked in one search',
  },
  'fulltext_search.highlight_length': {
    label: 'Highlight length',
    placeholder: 'Characters of the highlighted excerpt in search results',
  },

  // Mini-program
  'mp.appid': { label: 'Mini-program AppID' },
  'mp.appsecret': { label: 'Mini-program AppSecret' },
  'mp.endpoint': { label: 'WeChat API address', placeholder: 'Empty for https://api.weixin.qq.com' },
  'mp.enable_login': {
    label: 'Enable mini-program sign-in',
    placeholder: 'Users can sign in inside the mini-program, and sign in to the site by scanning the mini-program code',
  },

  // SSR
  'ssr.enable': {
    label: 'Enable server-side rendering',
    placeholder: 'Server-side rendering is for search engines; sites used only internally can turn it off',
  },
  'ssr.cache_seconds': { label: 'Page cache duration (seconds)', placeholder: '0 disables the cache' },
};
