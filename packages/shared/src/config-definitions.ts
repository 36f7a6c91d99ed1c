// Seed list of every settings row (moredoc-facts §4, moredoc-pro-facts §3); array order within a category is the sort.
import type { ConfigDef, ConfigInputType } from './config-pages.ts';

type Row = Omit<ConfigDef, 'category'>;

/** Document extensions the converter supports; options of `security.document_allowed_ext`. */
const DOCUMENT_EXTENSIONS = [
  '.pdf',
  '.doc',
  '.docx',
  '.rtf',
  '.wps',
  '.odt',
  '.dot',
  '.ppt',
  '.pptx',
  '.pps',
  '.ppsx',
  '.dps',
  '.odp',
  '.pot',
  '.xls',
  '.xlsx',
  '.et',
  '.ods',
  '.csv',
  '.tsv',
  '.txt',
  '.epub',
  '.mobi',
  '.chm',
  '.umd',
  '.azw',
  '.azw3',
  '.azw4',
] as const;

const CLOSE_STATEMENT = [
  '<div>尊敬的用户，您好：</div>',
  '<div>为了给您带来更好的使用体验，本站正在进行升级维护，完成后将尽快恢复访问，请您稍后再访问。</div>',
  '<div>升级维护期间，普通用户将无法正常使用（系统管理人员出于维护的需要不受影响）。</div>',
  '<div>由此带来的不便，敬请谅解。</div>',
].join('\n');

const SYSTEM = [
  { name: 'sitename', label: '网站名称', value: '文库', inputType: 'text', placeholder: '请输入网站名称，如：文库' },
  {
    name: 'domain',
    label: '【重要】网站域名',
    value: 'http://localhost:8880',
    inputType: 'text',
    placeholder: '网站访问地址，带 http:// 或 https://，用于生成站点地图、找回密码链接和支付回调地址',
  },
  {
    name: 'timezone',
    label: '网站时区',
    value: 'Asia/Shanghai',
    inputType: 'text',
    placeholder: 'IANA 时区名称，如 Asia/Shanghai；每日签到按该时区的自然日计算',
  },
  { name: 'title', label: '首页标题', value: '文库', inputType: 'text', placeholder: '网站首页的标题' },
  { name: 'keywords', label: '网站关键字', value: '文库', inputType: 'text', placeholder: '请输入网站的关键字' },
  { name: 'description', label: '网站描述', value: '文库', inputType: 'textarea', placeholder: '请输入网站的描述' },
  {
    name: 'recommend_words',
    label: '首页搜索推荐词',
    value: '',
    inputType: 'text',
    placeholder: '首页搜索框下方的推荐关键字，多个关键字用英文逗号分隔',
  },
  {
    name: 'logo',
    label: '网站Logo',
    value: '',
    inputType: 'image',
    placeholder: '建议使用透明背景的图片，以便网站底部反色展示',
  },
  { name: 'favicon', label: '网站Favicon', value: '', inputType: 'image', placeholder: '正方形小图，建议为 .ico 格式' },
  { name: 'register_background', label: '注册页背景图', value: '', inputType: 'image' },
  { name: 'login_background', label: '登录页背景图', value: '', inputType: 'image' },
  { name: 'sec_icp', label: '公网安备', value: '', inputType: 'text', placeholder: '请输入网站的公安备案号' },
  { name: 'icp', label: '网站备案号', value: '', inputType: 'text', placeholder: '请输入网站的ICP备案号' },
  {
    name: 'copyright_start_year',
    label: '版权起始年',
    value: '2019',
    inputType: 'text',
    placeholder: '如 2019，页面底部将显示 ©2019 - 当前年份',
  },
  {
    name: 'analytics',
    label: '网站统计代码',
    value: '',
    inputType: 'textarea',
    placeholder: '当前只支持百度统计',
  },
  {
    name: 'enable_powered_by',
    label: '是否显示Powered by',
    value: 'true',
    inputType: 'switch',
    placeholder: '页面底部是否显示程序信息',
  },
  {
    name: 'enable_watermark',
    label: '是否启用水印',
    value: 'false',
    inputType: 'switch',
    placeholder: '开启后文档预览页叠加水印图片',
  },
  {
    name: 'watermark',
    label: '水印图片',
    value: '',
    inputType: 'image',
    placeholder: '建议使用透明背景的PNG或SVG图片',
  },
  {
    name: 'show_exchange',
    label: '是否显示积分折合金额',
    value: 'true',
    inputType: 'switch',
    placeholder: '开启后在积分旁同时显示折合的人民币金额',
  },
  {
    name: 'enable_sms',
    label: '是否启用短信',
    value: 'false',
    inputType: 'switch',
    placeholder: '开启后支持手机号注册、短信登录和短信找回密码，请先在【短信配置】中完成配置',
  },
] as const satisfies readonly Row[];

const CAPTCHA = [
  { name: 'height', label: '验证码高度', value: '60', inputType: 'number', placeholder: '默认为60' },
  { name: 'width', label: '验证码宽度', value: '240', inputType: 'number', placeholder: '默认为240' },
  { name: 'length', label: '验证码长度', value: '5', inputType: 'number', placeholder: '验证码字符数，小于等于0时为6' },
  {
    name: 'type',
    label: '验证码类型',
    value: 'digit',
    inputType: 'select',
    options: 'string:字符串\nmath:算术\ndigit:数字',
    placeholder: '默认为数字',
  },
  {
    name: 'enable_audio',
    label: '是否开启语音验证码',
    value: 'true',
    inputType: 'switch',
    placeholder: '验证码旁显示“听语音”按钮，朗读一组数字，方便视障用户（服务器需安装 espeak-ng）',
  },
] as const satisfies readonly Row[];

const SECURITY = [
  {
    name: 'max_document_size',
    label: '最大文档大小(MB)',
    value: '50',
    inputType: 'number',
    placeholder: '允许上传的最大文档大小，默认50MB。反向代理（如nginx的client_max_body_size）也需相应调大',
  },
  {
    name: 'comment_interval',
    label: '评论时间间隔',
    value: '10',
    inputType: 'number',
    placeholder: '同一用户两次评论的间隔，单位为秒，0表示不限制',
  },
  {
    name: 'document_related_duration',
    label: '文档的【相关文档】有效期',
    value: '7',
    inputType: 'number',
    placeholder: '相关文档的缓存天数，默认7天；0或小于0表示不开启相关文档功能',
  },
  {
    name: 'attachment_retention_minute',
    label: '从回收站清除的文档文件保留时长',
    value: '1440',
    inputType: 'number',
    placeholder: '单位为分钟，默认1440（24小时）。文档从回收站清除后文件会保留该时长以防误操作，0表示立即删除',
  },
  {
    name: 'search_record_retention_days',
    label: '搜索记录保留天数',
    value: '7',
    inputType: 'number',
    placeholder: '单位为天，0表示不记录搜索',
  },
  {
    name: 'document_allowed_ext',
    label: '允许上传的文档类型',
    value: '',
    inputType: 'select-multi',
    options: DOCUMENT_EXTENSIONS.map((ext) => `${ext}:${ext}`).join('\n'),
    placeholder: '留空表示允许程序支持的全部文档类型',
  },
  {
    name: 'disable_upload_exist_document',
    label: '禁止上传已存在的文档',
    value: 'false',
    inputType: 'switch',
    placeholder: '开启后，与站内已有文档内容（MD5）相同的文件将被跳过',
  },
  {
    name: 'is_close',
    label: '是否关闭网站',
    value: 'false',
    inputType: 'switch',
    placeholder: '关闭后，游客和无管理权限的用户只能看到登录页和闭站说明',
  },
  {
    name: 'close_statement',
    label: '闭站说明',
    value: CLOSE_STATEMENT,
    inputType: 'textarea',
    placeholder: '关闭网站后登录页显示的提示内容，支持HTML',
  },
  { name: 'enable_register', label: '是否允许注册', value: 'true', inputType: 'switch' },
  {
    name: 'enable_register_review',
    label: '注册是否需要审核',
    value: 'false',
    inputType: 'switch',
    placeholder: '开启后新注册用户需管理员审核通过后才能登录',
  },
  {
    name: 'login_required',
    label: '是否登录才能访问',
    value: 'false',
    inputType: 'switch',
    placeholder: '开启后未登录访客将被引导到登录页',
  },
  { name: 'enable_captcha_login', label: '是否开启登录验证码', value: 'true', inputType: 'switch' },
  { name: 'enable_captcha_register', label: '是否开启注册验证码', value: 'true', inputType: 'switch' },
  { name: 'enable_captcha_comment', label: '是否开启评论验证码', value: 'true', inputType: 'switch' },
  { name: 'enable_captcha_find_password', label: '是否开启找回密码验证码', value: 'true', inputType: 'switch' },
  {
    name: 'enable_verify_register_email',
    label: '是否开启注册邮箱验证',
    value: 'false',
    inputType: 'switch',
    placeholder: '开启后注册时需要填写邮箱验证码，请先启用邮件服务',
  },
  {
    name: 'login_max_attempts',
    label: '登录失败锁定次数',
    value: '10',
    inputType: 'number',
    placeholder: '连续登录失败达到该次数后暂时锁定登录，0表示不锁定',
  },
  {
    name: 'login_lock_minutes',
    label: '登录锁定时长(分钟)',
    value: '15',
    inputType: 'number',
    placeholder: '登录失败次数超限后锁定的时长',
  },
  {
    name: 'register_max_per_ip',
    label: '每个IP每小时注册数',
    value: '10',
    inputType: 'number',
    placeholder: '同一IP地址一小时内最多可注册的账号数（含手机号注册），无论是否开启验证码，0表示不限制',
  },
  {
    name: 'order_timeout_minutes',
    label: '待支付超时关闭(分钟)',
    value: '30',
    inputType: 'number',
    placeholder: '待支付订单超过该时长未支付将自动关闭',
  },
  {
    name: 'enable_wechatmp_login',
    label: '是否开启小程序扫码登录',
    value: 'false',
    inputType: 'switch',
    placeholder: '开启前请先在【小程序配置】中完成配置',
  },
] as const satisfies readonly Row[];

const FOOTER = [
  { name: 'about', label: '关于我们', value: '/article/about', inputType: 'text', placeholder: '留空表示不显示' },
  { name: 'contact', label: '联系我们', value: '/article/contact', inputType: 'text', placeholder: '留空表示不显示' },
  {
    name: 'agreement',
    label: '文库协议',
    value: '/article/agreement',
    inputType: 'text',
    placeholder: '留空表示不显示',
  },
  {
    name: 'copyright',
    label: '免责声明',
    value: '/article/copyright',
    inputType: 'text',
    placeholder: '留空表示不显示',
  },
  { name: 'feedback', label: '意见反馈', value: '/article/feedback', inputType: 'text', placeholder: '留空表示不显示' },
] as const satisfies readonly Row[];

const CONVERTER = [
  {
    name: 'max_preview_percent',
    label: '最大预览页数百分比',
    value: '100',
    inputType: 'number',
    placeholder: '填1~100，0和100均表示不限制；与【最大预览页数】同时生效时取两者中较小的页数',
  },
  {
    name: 'max_preview',
    label: '最大预览页数',
    value: '12',
    inputType: 'number',
    placeholder: '文档允许的最大预览页数，0表示不限制',
  },
  { name: 'timeout', label: '转换超时(分钟)', value: '30', inputType: 'number', placeholder: '单个转换命令的超时时间' },
  {
    name: 'extension',
    label: '预览格式',
    value: 'webp',
    inputType: 'select',
    options: 'svg:SVG\njpg:JPEG\npng:PNG\nwebp:WEBP',
    placeholder: '文档转换后用于预览的图片格式',
  },
  {
    name: 'enable_convert_repeated_document',
    label: '是否转换重复文档',
    value: 'false',
    inputType: 'switch',
    placeholder: '关闭时，内容相同（MD5一致）的文档直接复用已有的转换结果',
  },
  {
    name: 'enable_ocr',
    label: '是否识别扫描页文字(OCR)',
    value: 'true',
    inputType: 'switch',
    placeholder: '开启后，没有文字层的页面（扫描件、图片页）在预览生成后用 Tesseract 识别文字，使其可搜索、可复制',
  },
  {
    name: 'ocr_max_pages',
    label: 'OCR最大页数',
    value: '50',
    inputType: 'number',
    placeholder: '每个文档最多识别前多少页，0表示不限制',
  },
  {
    name: 'enable_gzip',
    label: '是否启用GZIP压缩',
    value: 'true',
    inputType: 'switch',
    placeholder: '仅对SVG预览有效，可节省约75%的存储空间',
  },
  {
    name: 'enable_svgo',
    label: '是否启用SVGO',
    value: 'false',
    inputType: 'switch',
    placeholder: '仅对SVG预览有效，可节省约50%的存储空间，但转换明显变慢',
  },
] as const satisfies readonly Row[];

const DOWNLOAD = [
  {
    name: 'enable_guest_download',
    label: '是否允许游客下载',
    value: 'false',
    inputType: 'switch',
    placeholder: '开启后未登录用户可以下载免费文档',
  },
  {
    name: 'free_download_duration',
    label: '购买文档后多少天内允许免费重复下载',
    value: '0',
    inputType: 'number',
    placeholder: '0表示再次下载仍需购买，大于0表示指定天数内有效',
  },
  {
    name: 'url_duration',
    label: '下载链接有效时长(秒)',
    value: '60',
    inputType: 'number',
    placeholder: '生成下载链接后多少秒失效',
  },
  {
    name: 'times_every_day',
    label: '允许登录用户每天下载次数',
    value: '10',
    inputType: 'number',
    placeholder: '每个登录用户每天可下载的次数，0表示不允许下载',
  },
  {
    name: 'times_every_ip',
    label: '允许每个IP每天下载次数',
    value: '10',
    inputType: 'number',
    placeholder: '每个IP每天可下载的次数（针对所有用户），0表示不允许下载',
  },
  {
    name: 'secret_key',
    label: '链接签名密钥',
    value: '',
    inputType: 'password',
    placeholder: '用于签名下载链接，留空时系统自动生成随机密钥',
    isSecret: true,
  },
  {
    name: 'enable_captcha_download',
    label: '是否开启下载验证码',
    value: 'false',
    inputType: 'switch',
    placeholder: '开启后下载文档前需要填写验证码',
  },
  {
    name: 'enable_code_download',
    label: '是否开启下载码下载',
    value: 'false',
    inputType: 'switch',
    placeholder: '开启后用户可以使用下载码免费下载文档',
  },
  {
    name: 'code_tip',
    label: '下载码获取提示',
    value: '',
    inputType: 'textarea',
    placeholder: '告诉用户如何获取下载码，支持HTML',
  },
  {
    name: 'max_price',
    label: '下载码适用的最高文档价格',
    value: '0',
    inputType: 'number',
    placeholder: '下载码只能下载价格不超过该值的文档，0表示只能下载免费文档',
  },
] as const satisfies readonly Row[];

const SCORE = [
  {
    name: 'credit_name',
    label: '积分名称',
    value: '魔豆',
    inputType: 'text',
    placeholder: '网站积分的名称，默认为魔豆',
  },
  { name: 'register', label: '注册', value: '10', inputType: 'number', placeholder: '注册时获得的积分' },
  { name: 'sign_in', label: '签到', value: '1', inputType: 'number', placeholder: '每日签到获得的积分' },
  {
    name: 'delete_document',
    label: '删除文档',
    value: '1',
    inputType: 'number',
    placeholder: '文档被删除时从上传者扣除的积分，0表示不扣除',
  },
  {
    name: 'upload_document',
    label: '上传文档',
    value: '5',
    inputType: 'number',
    placeholder: '上传一篇文档获得的积分',
  },
  {
    name: 'upload_document_limit',
    label: '每日上传文档奖励次数',
    value: '1',
    inputType: 'number',
    placeholder: '每天最多获得多少次上传奖励，0表示无奖励',
  },
  {
    name: 'document_collected',
    label: '文档被收藏',
    value: '1',
    inputType: 'number',
    placeholder: '上传的文档被收藏后获得的积分',
  },
  {
    name: 'document_collected_limit',
    label: '每日文档被收藏奖励次数',
    value: '1',
    inputType: 'number',
    placeholder: '每天最多获得多少次被收藏奖励，0表示无奖励',
  },
  {
    name: 'document_commented',
    label: '文档被评论',
    value: '1',
    inputType: 'number',
    placeholder: '上传的文档被评论后获得的积分',
  },
  {
    name: 'document_commented_limit',
    label: '每日文档被评论奖励次数',
    value: '1',
    inputType: 'number',
    placeholder: '每天最多获得多少次被评论奖励，0表示无奖励',
  },
  {
    name: 'credit_exchange',
    label: '人民币兑积分',
    value: '10',
    inputType: 'number',
    placeholder: '1元可兑换多少积分',
  },
  { name: 'recharge_enable', label: '是否开启积分充值', value: 'false', inputType: 'switch' },
  {
    name: 'rewarded_ad_credit',
    label: '激励广告奖励',
    value: '0',
    inputType: 'number',
    placeholder: '小程序中每看完一次激励视频广告获得的积分，0表示关闭',
  },
  {
    name: 'rewarded_ad_times_every_day',
    label: '每日激励广告次数',
    value: '0',
    inputType: 'number',
    placeholder: '每个用户每天最多可获得多少次激励广告奖励',
  },
  {
    name: 'recharge_discount',
    label: '充值折扣',
    value: '100:1\n500:0.95\n1000:0.9',
    inputType: 'textarea',
    placeholder: '每行一个档位，格式：积分数量:折扣，如 1000:0.9 表示充值1000积分及以上打9折',
  },
] as const satisfies readonly Row[];

const EMAIL = [
  {
    name: 'enable',
    label: '是否启用邮件服务',
    value: 'false',
    inputType: 'switch',
    placeholder: '邮件服务，用于找回账户密码和发送注册邮箱验证码',
  },
  { name: 'host', label: 'SMTP 服务器地址', value: '', inputType: 'text', placeholder: '如：smtp.exmail.com' },
  { name: 'port', label: 'SMTP 服务器端口', value: '465', inputType: 'number', placeholder: '如：465' },
  { name: 'is_tls', label: '是否启用TLS', value: 'true', inputType: 'switch', placeholder: '使用TLS端口时请开启' },
  { name: 'from_name', label: '发件人名称', value: '', inputType: 'text', placeholder: '留空时使用SMTP账号' },
  { name: 'username', label: 'SMTP 账号', value: '', inputType: 'text', placeholder: '邮箱账号，同时作为发件地址' },
  { name: 'password', label: 'SMTP 密码', value: '', inputType: 'password', isSecret: true },
  {
    name: 'duration',
    label: '邮件有效期',
    value: '30',
    inputType: 'number',
    placeholder: '找回密码链接的有效期，单位为分钟，取值1~60',
  },
  {
    name: 'secret',
    label: '签名密钥',
    value: '',
    inputType: 'password',
    placeholder: '找回密码链接的签名密钥，留空时系统自动生成随机密钥',
    isSecret: true,
  },
  {
    name: 'test_email',
    label: '测试邮箱',
    value: '',
    inputType: 'text',
    placeholder: '开启邮件服务时，每次保存邮箱配置都向该邮箱发送一封测试邮件，发送失败会提示原因',
  },
] as const satisfies readonly Row[];

const DISPLAY = [
  { name: 'show_document_count', label: '是否显示文档数', value: 'true', inputType: 'switch' },
  { name: 'show_document_download_count', label: '是否显示文档下载数', value: 'true', inputType: 'switch' },
  { name: 'show_document_view_count', label: '是否显示文档浏览数', value: 'true', inputType: 'switch' },
  { name: 'show_document_favorite_count', label: '是否显示文档收藏数', value: 'true', inputType: 'switch' },
  { name: 'show_register_user_count', label: '是否显示注册用户数', value: 'true', inputType: 'switch' },
  {
    name: 'disable_copy_paid_document',
    label: '禁止复制付费文档的文字',
    value: 'false',
    inputType: 'switch',
    placeholder: '开启后，付费文档预览页上的文字层不可选中复制（屏幕阅读器仍可朗读）；上传者本人不受限制',
  },
  {
    name: 'virtual_register_count',
    label: '网站虚拟注册用户数',
    value: '0',
    inputType: 'number',
    placeholder: '首页显示的用户数 = 真实注册用户数 + 虚拟注册用户数',
  },
  {
    name: 'show_document_descriptions',
    label: '是否显示文档摘要',
    value: 'true',
    inputType: 'switch',
    placeholder: '文档阅读页是否显示文档摘要等信息',
  },
  {
    name: 'show_index_categories',
    label: '是否显示横栏分类',
    value: 'true',
    inputType: 'switch',
    placeholder: '首页中间横栏是否显示分类',
  },
  {
    name: 'index_document_style',
    label: '首页文档展示方式',
    value: 'card',
    inputType: 'select',
    options: 'card:卡片\nlist:列表',
  },
  { name: 'home_version', label: '首页版本', value: 'v1', inputType: 'select', options: 'v1:V1版\nv2:V2版' },
  {
    name: 'pages_per_read',
    label: '文档【继续阅读】的页数',
    value: '5',
    inputType: 'number',
    placeholder: '每次点击【继续阅读】增加的页数',
  },
  {
    name: 'max_search_pages',
    label: '文档搜索结果最大页数',
    value: '100',
    inputType: 'number',
    placeholder: '搜索结果最多展示的页数，0表示不限制',
  },
  {
    name: 'copyright_statement',
    label: '版权声明',
    value: '本站文档数据由用户上传，仅供学习交流，如侵犯您的权益，请联系我们进行删除。',
    inputType: 'textarea',
    placeholder: '显示在每个页面最底部，支持HTML',
  },
  {
    name: 'hide_keywords_on_lists',
    label: '隐藏关键字',
    value: 'false',
    inputType: 'switch',
    placeholder: '文档列表页是否隐藏右侧关键字',
  },
  {
    name: 'hide_category_without_document',
    label: '隐藏无文档分类',
    value: 'false',
    inputType: 'switch',
    placeholder: '前台是否隐藏没有文档的分类',
  },
  {
    name: 'wechat_tip',
    label: '微信/微信公众号提示文案',
    value: '我们的公众号同样精彩',
    inputType: 'text',
    placeholder: '右下角固定栏的微信提示文案',
  },
  {
    name: 'wechat_qrcode',
    label: '微信/微信公众号二维码',
    value: '',
    inputType: 'image',
    placeholder: '右下角固定栏的二维码图片，未上传则不显示',
  },
  {
    name: 'contact_tip',
    label: '联系我们提示文案',
    value: '联系我们，反馈您的意见与建议',
    inputType: 'text',
    placeholder: '右下角固定栏的联系我们提示文案',
  },
  {
    name: 'contact_link',
    label: '联系我们跳转链接',
    value: '',
    inputType: 'text',
    placeholder: '右下角固定栏的联系我们链接，留空则不显示',
  },
  {
    name: 'show_order',
    label: '是否显示订单',
    value: 'true',
    inputType: 'switch',
    placeholder: '开启后显示订单页面和【我的订单】菜单；关闭时购买文档使用快捷下载',
  },
] as const satisfies readonly Row[];

/** One VIP card kind: price, list price, exclusive downloads, discount and daily cap. */
function vipKind<K extends 'year' | 'quarter' | 'month'>(
  key: K,
  title: string,
  defaults: { price: number; originalPrice: number; download: number; discount: number; timesEveryDay: number },
) {
  return [
    {
      name: `${key}_price`,
      label: `${title}价格(分)`,
      value: String(defaults.price),
      inputType: 'number',
      placeholder: '单位为分，如 1000 表示10元',
    },
    {
      name: `${key}_original_price`,
      label: `${title}原价(分)`,
      value: String(defaults.originalPrice),
      inputType: 'number',
      placeholder: '划线价，单位为分',
    },
    {
      name: `${key}_download`,
      label: `${title}专享免费下载次数`,
      value: String(defaults.download),
      inputType: 'number',
      placeholder: '有效期内可免费下载VIP文档的总次数',
    },
    {
      name: `${key}_document_discount`,
      label: `${title}购买文档折扣`,
      value: String(defaults.discount),
      inputType: 'number',
      placeholder: '购买非VIP文档的折扣，1~100，如 70 表示7折，100表示不打折',
    },
    {
      name: `${key}_times_every_day`,
      label: `${title}每日下载次数`,
      value: String(defaults.timesEveryDay),
      inputType: 'number',
      placeholder: '每天最多下载的文档数，0表示不限',
    },
  ] as const satisfies readonly Row[];
}

const VIP = [
  { name: 'enable', label: '是否启用VIP会员', value: 'false', inputType: 'switch' },
  {
    name: 'icon',
    label: 'VIP标识图标',
    value: '',
    inputType: 'image',
    placeholder: '显示在VIP用户头像右下角，留空使用默认图标',
  },
  {
    name: 'enable_credit_pay',
    label: '是否允许积分购买VIP',
    value: 'true',
    inputType: 'switch',
    placeholder: '开启后用户可以使用积分支付VIP订单',
  },
  ...vipKind('year', '年卡', { price: 8000, originalPrice: 16000, download: 400, discount: 70, timesEveryDay: 1500 }),
  ...vipKind('quarter', '季卡', { price: 2500, originalPrice: 5000, download: 100, discount: 80, timesEveryDay: 300 }),
  ...vipKind('month', '月卡', { price: 1000, originalPrice: 2000, download: 30, discount: 90, timesEveryDay: 100 }),
] as const satisfies readonly Row[];

const WECHATPAY = [
  { name: 'enable', label: '是否启用微信支付', value: 'false', inputType: 'switch' },
  { name: 'appid', label: 'AppID', value: '', inputType: 'text', placeholder: '与商户号绑定的公众号或应用的AppID' },
  { name: 'mchid', label: '商户号', value: '', inputType: 'text' },
  { name: 'api_v3_key', label: 'APIv3密钥', value: '', inputType: 'password', isSecret: true },
  { name: 'serial_no', label: '商户API证书序列号', value: '', inputType: 'text' },
  {
    name: 'private_key',
    label: '商户API证书私钥',
    value: '',
    inputType: 'textarea',
    placeholder: 'apiclient_key.pem 文件的内容',
    isSecret: true,
  },
  {
    name: 'public_key_id',
    label: '微信支付公钥ID',
    value: '',
    inputType: 'text',
    placeholder: '【微信支付公钥】与【平台证书】二选一填写',
  },
  { name: 'public_key', label: '微信支付公钥', value: '', inputType: 'textarea' },
  {
    name: 'platform_cert',
    label: '平台证书',
    value: '',
    inputType: 'textarea',
    placeholder: '可点击【获取平台证书】自动填充',
  },
  {
    name: 'gateway',
    label: '支付网关',
    value: 'https://api.mch.weixin.qq.com',
    inputType: 'text',
    placeholder: '微信支付APIv3接口地址，一般无需修改',
  },
] as const satisfies readonly Row[];

const ALIPAY = [
  { name: 'enable', label: '是否启用支付宝支付', value: 'false', inputType: 'switch' },
  { name: 'app_id', label: '应用ID', value: '', inputType: 'text' },
  { name: 'private_key', label: '应用私钥', value: '', inputType: 'textarea', isSecret: true },
  { name: 'alipay_public_key', label: '支付宝公钥', value: '', inputType: 'textarea' },
  { name: 'gateway', label: '支付网关', value: 'https://openapi.alipay.com/gateway.do', inputType: 'text' },
  {
    name: 'desktop_mode',
    label: '电脑端支付方式',
    value: 'page',
    inputType: 'select',
    options: 'page:电脑网站支付（跳转支付宝收银台）\nqrcode:当面付二维码（在订单页扫码支付）',
    placeholder: '当面付二维码需在支付宝开放平台签约【当面付】；手机端始终使用手机网站支付',
  },
  {
    name: 'sandbox',
    label: '是否沙箱环境',
    value: 'false',
    inputType: 'switch',
    placeholder: '仅用于测试，正式环境请关闭',
  },
] as const satisfies readonly Row[];

const XUNHUPAY = [
  { name: 'enable', label: '是否启用虎皮椒支付', value: 'false', inputType: 'switch' },
  {
    name: 'name',
    label: '支付方式名称',
    value: '虎皮椒支付',
    inputType: 'text',
    placeholder: '在订单页显示的支付方式名称',
  },
  { name: 'appid', label: 'AppID', value: '', inputType: 'text' },
  { name: 'appsecret', label: 'AppSecret', value: '', inputType: 'password', isSecret: true },
  { name: 'gateway', label: '支付网关', value: 'https://api.xunhupay.com/payment/do.html', inputType: 'text' },
] as const satisfies readonly Row[];

const SMS = [
  {
    name: 'sms_provider',
    label: '短信服务商',
    value: 'smsAliyun',
    inputType: 'select',
    options: 'smsAliyun:阿里云\nsmsTencent:腾讯云\nsmsBaidu:百度云\nsmsHuawei:华为云\nsmsHaomas:浩信',
  },
  { name: 'code_length', label: '验证码长度', value: '6', inputType: 'number' },
  {
    name: 'cooldown_seconds',
    label: '发送间隔(秒)',
    value: '60',
    inputType: 'number',
    placeholder: '同一手机号两次发送的最小间隔',
  },
  {
    name: 'daily_limit_per_mobile',
    label: '每个手机号每天发送上限',
    value: '10',
    inputType: 'number',
    placeholder: '0表示不限制',
  },
  {
    name: 'daily_limit_per_ip',
    label: '每个IP每天发送上限',
    value: '20',
    inputType: 'number',
    placeholder: '0表示不限制',
  },
  { name: 'code_ttl_minutes', label: '验证码有效期(分钟)', value: '10', inputType: 'number' },
] as const satisfies readonly Row[];

/** Template IDs for the three SMS purposes (register, login, find password). */
const SMS_TEMPLATES = [
  { name: 'template_register', label: '注册验证码模板', value: '', inputType: 'text', placeholder: '模板ID' },
  { name: 'template_login', label: '登录验证码模板', value: '', inputType: 'text', placeholder: '模板ID' },
  { name: 'template_find_password', label: '找回密码验证码模板', value: '', inputType: 'text', placeholder: '模板ID' },
] as const satisfies readonly Row[];

const SMS_ALIYUN = [
  { name: 'access_key_id', label: 'AccessKey ID', value: '', inputType: 'text' },
  { name: 'access_key_secret', label: 'AccessKey Secret', value: '', inputType: 'password', isSecret: true },
  { name: 'sign_name', label: '短信签名', value: '', inputType: 'text' },
  ...SMS_TEMPLATES,
  { name: 'endpoint', label: '服务地址', value: 'dysmsapi.aliyuncs.com', inputType: 'text' },
] as const satisfies readonly Row[];

const SMS_TENCENT = [
  { name: 'secret_id', label: 'SecretId', value: '', inputType: 'text' },
  { name: 'secret_key', label: 'SecretKey', value: '', inputType: 'password', isSecret: true },
  { name: 'sdk_app_id', label: 'SDK AppID', value: '', inputType: 'text', placeholder: '短信应用的SdkAppId' },
  { name: 'sign_name', label: '短信签名', value: '', inputType: 'text' },
  ...SMS_TEMPLATES,
  { name: 'region', label: '地域', value: 'ap-guangzhou', inputType: 'text' },
  { name: 'endpoint', label: '服务地址', value: 'sms.tencentcloudapi.com', inputType: 'text' },
] as const satisfies readonly Row[];

const SMS_BAIDU = [
  { name: 'access_key_id', label: 'AccessKey ID', value: '', inputType: 'text' },
  { name: 'secret_access_key', label: 'Secret Access Key', value: '', inputType: 'password', isSecret: true },
  { name: 'signature_id', label: '短信签名ID', value: '', inputType: 'text' },
  ...SMS_TEMPLATES,
  { name: 'endpoint', label: '服务地址', value: 'smsv3.bj.baidubce.com', inputType: 'text' },
] as const satisfies readonly Row[];

const SMS_HUAWEI = [
  { name: 'app_key', label: 'Application Key', value: '', inputType: 'text' },
  { name: 'app_secret', label: 'Application Secret', value: '', inputType: 'password', isSecret: true },
  { name: 'sender', label: '签名通道号', value: '', inputType: 'text', placeholder: '国内短信签名通道号' },
  { name: 'signature', label: '签名名称', value: '', inputType: 'text' },
  ...SMS_TEMPLATES,
  {
    name: 'endpoint',
    label: 'APP接入地址',
    value: 'https://smsapi.cn-north-4.myhuaweicloud.com:443',
    inputType: 'text',
  },
] as const satisfies readonly Row[];

const SMS_HAOMAS = [
  { name: 'url', label: '接口地址', value: '', inputType: 'text', placeholder: '短信网关的HTTP接口地址' },
  { name: 'method', label: '请求方式', value: 'POST', inputType: 'select', options: 'GET:GET\nPOST:POST' },
  {
    name: 'params',
    label: '请求参数模板',
    value: '',
    inputType: 'textarea',
    placeholder: '每行一个参数，格式：参数名=值，可用变量 {mobile} {code} {minutes} {secret}',
  },
  { name: 'secret', label: '接口密钥', value: '', inputType: 'password', isSecret: true },
  // Generic gateway (no documented Haomas API was found): signature and success check, see sms/providers/haomas.provider.ts.
  ...SMS_TEMPLATES,
  {
    name: 'content_type',
    label: 'POST数据格式',
    value: 'form',
    inputType: 'select',
    options: 'form:表单(x-www-form-urlencoded)\njson:JSON',
  },
  {
    name: 'sign_type',
    label: '签名方式',
    value: 'none',
    inputType: 'select',
    options: 'none:不签名\nmd5:MD5(排序参数+密钥)\nhmac-sha256:HMAC-SHA256(密钥, 排序参数)',
  },
  { name: 'sign_param', label: '签名参数名', value: 'sign', inputType: 'text' },
  {
    name: 'success_path',
    label: '成功判断字段',
    value: '',
    inputType: 'text',
    placeholder: 'JSON字段路径，如 code 或 data.0.status；留空则按包含文本判断',
  },
  { name: 'success_value', label: '成功时字段值', value: '', inputType: 'text', placeholder: '如 0 或 OK' },
  {
    name: 'success_contains',
    label: '成功时包含文本',
    value: '',
    inputType: 'text',
    placeholder: '未设置成功判断字段时使用；都留空则HTTP 2xx即成功',
  },
  {
    name: 'request_id_path',
    label: '消息ID字段',
    value: '',
    inputType: 'text',
    placeholder: 'JSON字段路径，如 data.id',
  },
] as const satisfies readonly Row[];

/** The fields every OAuth provider has. */
function oauth<
  const D extends { name: string; scope: string; idLabel?: string; secretLabel?: string; endpoint?: string | false },
  const E extends readonly Row[] = readonly [],
>(defaults: D, extra: E = [] as unknown as E) {
  const rows = [
    { name: 'enable', label: '是否启用', value: 'false', inputType: 'switch' },
    { name: 'name', label: '显示名称', value: defaults.name, inputType: 'text', placeholder: '登录按钮的提示名称' },
    { name: 'icon', label: '图标', value: '', inputType: 'image', placeholder: '登录按钮图标，留空使用默认图标' },
    { name: 'client_id', label: defaults.idLabel ?? 'Client ID', value: '', inputType: 'text' },
    {
      name: 'client_secret',
      label: defaults.secretLabel ?? 'Client Secret',
      value: '',
      inputType: 'password',
      isSecret: true,
    },
    { name: 'scope', label: '授权范围', value: defaults.scope, inputType: 'text' },
    ...(defaults.endpoint === false
      ? []
      : [
          {
            name: 'endpoint',
            label: '接口地址',
            value: '',
            inputType: 'text',
            placeholder: defaults.endpoint ?? '留空使用官方地址；私有部署（如GitHub企业版）填写其地址',
          } as const satisfies Row,
        ]),
    ...extra,
  ] as const satisfies readonly Row[];
  // The endpoint row is left out for `endpoint: false`: say so in the type, so its key is not a setting.
  type Rows = typeof rows;
  return rows as D['endpoint'] extends false ? readonly Exclude<Rows[number], { name: 'endpoint' }>[] : Rows;
}

const FULLTEXT_SEARCH = [
  { name: 'enable', label: '启用全文搜索', value: 'true', inputType: 'switch' },
  {
    name: 'engine',
    label: '搜索引擎',
    value: 'postgres',
    inputType: 'select',
    options: 'postgres:PostgreSQL内置全文搜索',
    placeholder: '变更搜索引擎后，请在管理后台面板中更新全文索引',
  },
  {
    name: 'max_candidates',
    label: '最大候选结果数',
    value: '200',
    inputType: 'number',
    placeholder: '单次搜索参与排序的最大文档数',
  },
  {
    name: 'highlight_length',
    label: '高亮摘要长度',
    value: '120',
    inputType: 'number',
    placeholder: '搜索结果中高亮摘要的字符数',
  },
] as const satisfies readonly Row[];

const MP = [
  { name: 'appid', label: '小程序AppID', value: '', inputType: 'text' },
  { name: 'appsecret', label: '小程序AppSecret', value: '', inputType: 'password', isSecret: true },
  {
    name: 'endpoint',
    label: '微信接口地址',
    value: '',
    inputType: 'text',
    placeholder: '留空使用 https://api.weixin.qq.com',
  },
  {
    name: 'enable_login',
    label: '是否启用小程序登录',
    value: 'false',
    inputType: 'switch',
    placeholder: '开启后用户可在小程序内登录，以及扫描小程序码登录网站',
  },
] as const satisfies readonly Row[];

const SSR = [
  {
    name: 'enable',
    label: '是否启用服务端渲染',
    value: 'true',
    inputType: 'switch',
    placeholder: '服务端渲染用于SEO，仅供内部使用的站点可以关闭',
  },
  {
    name: 'cache_seconds',
    label: '页面缓存时长(秒)',
    value: '60',
    inputType: 'number',
    placeholder: '0表示不缓存',
  },
] as const satisfies readonly Row[];

/** Every category's rows, in the order the admin pages list them. */
const GROUPS = {
  system: SYSTEM,
  captcha: CAPTCHA,
  security: SECURITY,
  footer: FOOTER,
  converter: CONVERTER,
  download: DOWNLOAD,
  score: SCORE,
  email: EMAIL,
  display: DISPLAY,
  vip: VIP,
  wechatpay: WECHATPAY,
  alipay: ALIPAY,
  xunhupay: XUNHUPAY,
  sms: SMS,
  smsAliyun: SMS_ALIYUN,
  smsTencent: SMS_TENCENT,
  smsBaidu: SMS_BAIDU,
  smsHuawei: SMS_HUAWEI,
  smsHaomas: SMS_HAOMAS,
  oauthWechat: oauth({ name: '微信', scope: 'snsapi_login', idLabel: 'AppID', secretLabel: 'AppSecret' }),
  oauthOfficialAccount: oauth(
    { name: '微信公众号', scope: 'snsapi_userinfo', idLabel: 'AppID', secretLabel: 'AppSecret' },
    [
      {
        name: 'token',
        label: '令牌(Token)',
        value: '',
        inputType: 'password',
        placeholder: '服务器配置中的Token，用于公众号Token验证',
        isSecret: true,
      },
      {
        name: 'encoding_aes_key',
        label: '消息加解密密钥(EncodingAESKey)',
        value: '',
        inputType: 'password',
        isSecret: true,
      },
    ],
  ),
  oauthQQ: oauth({ name: 'QQ', scope: 'get_user_info', idLabel: 'APP ID', secretLabel: 'APP Key' }),
  oauthGoogle: oauth({
    name: 'Google',
    scope: 'openid email profile',
    endpoint: '留空使用Google；其它OpenID Connect服务填写其Issuer地址',
  }),
  oauthGithub: oauth({ name: 'GitHub', scope: 'user' }),
  oauthGitee: oauth({ name: 'Gitee', scope: 'user_info' }),
  oauthCustom: oauth({ name: '自定义登录', scope: 'user', endpoint: false }, [
    { name: 'authorize_url', label: '授权地址', value: '', inputType: 'text', placeholder: '用户授权页面的地址' },
    { name: 'token_url', label: '令牌地址', value: '', inputType: 'text', placeholder: '用授权码换取访问令牌的地址' },
    { name: 'userinfo_url', label: '用户信息地址', value: '', inputType: 'text', placeholder: '获取用户信息的地址' },
    {
      name: 'issuer',
      label: '签发者(Issuer)',
      value: '',
      inputType: 'text',
      placeholder: '返回id_token的OpenID Connect服务填写其Issuer；留空取授权地址的源',
    },
  ]),
  fulltext_search: FULLTEXT_SEARCH,
  mp: MP,
  ssr: SSR,
} as const;

/** Tags each row of one category with its category name. */
const group = (category: string, rows: readonly Row[]): ConfigDef[] => rows.map((row) => ({ category, ...row }));

/** Seed list of every settings row; the array order within a category is the sort. */
export const CONFIG_DEFINITIONS: readonly ConfigDef[] = Object.entries(GROUPS).flatMap(([category, rows]) =>
  group(category, rows),
);

type Groups = typeof GROUPS;
type RowsOf<C extends keyof Groups> = Groups[C][number];

/** The names of one category's settings (`email` → `host`, `port`, …). */
export type SettingName<C extends SettingCategory> = RowsOf<C>['name'];

/** A settings category (`system`, `security`, …). */
export type SettingCategory = keyof Groups;

/**
 * Rows the server writes for itself and no admin page shows: the generated signing secret and the last release check.
 */
export const INTERNAL_SETTINGS = {
  internal: ['jwt_secret'],
  release: ['source', 'url', 'tag_name', 'name', 'body', 'ignore', 'release_at'],
} as const;

type Internal = typeof INTERNAL_SETTINGS;

/** A setting's key, `category.name`, from the definitions (or the internal rows): a typo is a type error. */
export type SettingKey =
  | { [C in SettingCategory]: `${C}.${RowsOf<C>['name']}` }[SettingCategory]
  | { [C in keyof Internal]: `${C}.${Internal[C][number]}` }[keyof Internal];

/** The keys of settings edited with one kind of input (`number`, `switch`, `select-multi`, …). */
export type SettingKeyOf<T extends ConfigInputType> = {
  [C in SettingCategory]: `${C}.${Extract<RowsOf<C>, { inputType: T }>['name']}`;
}[SettingCategory];

const SETTING_KEYS: ReadonlySet<string> = new Set([
  ...CONFIG_DEFINITIONS.map((d) => `${d.category}.${d.name}`),
  ...Object.entries(INTERNAL_SETTINGS).flatMap(([category, names]) => names.map((n) => `${category}.${n}`)),
]);

/** Whether a string names a setting (for keys that arrive as text, such as the CLI's). */
export const isSettingKey = (key: string): key is SettingKey => SETTING_KEYS.has(key);
