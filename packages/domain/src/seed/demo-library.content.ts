/**
 * What the demo library holds (issue 20): a few dozen documents across every category, the main formats and both
 * languages, written at first start by demo-library.ts (no binary is committed). Each chapter is printed on a page of
 * its own, so a document has as many pages as chapters (slides: one per chapter; sheets: their rows).
 */

export type DemoFormat = 'pdf' | 'docx' | 'pptx' | 'xlsx' | 'epub' | 'txt';
export type DemoLanguage = 'zh-CN' | 'en';

export interface DemoChapter {
  heading: string;
  paragraphs: string[];
  /** A chart drawn under the text (charts carry numbers from `seed`). */
  image?: boolean;
}

export interface DemoSheet {
  name: string;
  header: string[];
  rows: (string | number)[][];
}

export interface DemoSpec {
  title: string;
  /** A leaf category of the demo tree (seedDemo). */
  category: string;
  format: DemoFormat;
  language: DemoLanguage;
  price: number;
  /** Uploaded by the demo member rather than the administrator. */
  member?: boolean;
  chapters?: DemoChapter[];
  sheets?: DemoSheet[];
  /** Plain text only: lines after the chapters (a study plan, more clauses), so a TXT runs to several pages. */
  appendix?: string[];
}

const ZH_MORE = [
  '本节内容建议结合例题反复练习，先理解概念，再记忆结论，最后通过综合题检验掌握程度。',
  '学习时可以把要点整理成思维导图，把容易混淆的地方单独列出，考试前集中复习。',
  '遇到难以理解的地方，不妨换一个角度思考，或与同学讨论，往往能找到更简洁的思路。',
  '下面的要点按照由浅入深的顺序排列，每一条都配有简短说明，便于快速查阅与回顾。',
  '实践表明，定期回顾与及时总结比一次性长时间学习更有效，建议每周安排固定时间复习。',
];
const EN_MORE = [
  'Work through the examples before reading the summary: understanding comes first, memorising the result second.',
  'Keep a one-page list of the points you tend to confuse and review it the day before you need it.',
  'When something does not click, try explaining it aloud to a colleague; gaps become obvious very quickly.',
  'The points below go from the basics to the finer details, each with a short note so the page stays scannable.',
  'Short, regular reviews beat one long session: schedule a fixed slot every week and keep to it.',
];

/** A chapter: its key sentence, then two lines of advice that vary from chapter to chapter. */
function ch(language: DemoLanguage, i: number, heading: string, key: string, image = false): DemoChapter {
  const more = language === 'en' ? EN_MORE : ZH_MORE;
  return {
    heading,
    paragraphs: [key, more[i % more.length] ?? '', more[(i + 2) % more.length] ?? ''],
    ...(image ? { image: true } : {}),
  };
}

function text(
  title: string,
  category: string,
  format: DemoFormat,
  language: DemoLanguage,
  price: number,
  chapters: [string, string][],
  opts: { images?: boolean; member?: boolean } = {},
): DemoSpec {
  return {
    title,
    category,
    format,
    language,
    price,
    ...(opts.member ? { member: true } : {}),
    chapters: chapters.map(([h, k], i) => ch(language, i, h, k, !!opts.images && i % 2 === 0)),
  };
}

/** The long one: 45 pages of practice problems, each page its own set (numbers vary page by page). */
function mathPractice(): DemoSpec {
  const chapters: DemoChapter[] = [];
  for (let page = 1; page <= 45; page++) {
    const problems: string[] = [];
    for (let k = 1; k <= 6; k++) {
      const a = ((page * 7 + k * 3) % 9) + 2;
      const b = ((page * 5 + k * 11) % 17) + 1;
      const c = a * (((page + k) % 8) + 1) + b;
      const kind = (page + k) % 4;
      if (kind === 0) problems.push(`${k}. 解方程：${a}x + ${b} = ${c}。`);
      else if (kind === 1) problems.push(`${k}. 等差数列首项为 ${b}，公差为 ${a}，求第 ${page + k} 项。`);
      else if (kind === 2) problems.push(`${k}. 已知函数 f(x) = ${a}x² − ${b}x + ${k}，求 f(${(page % 5) + 1}) 的值。`);
      else problems.push(`${k}. 在△ABC 中，a = ${a}，b = ${b % 9 || 3}，C = 60°，求边 c 的长度。`);
    }
    chapters.push({
      heading: `第 ${page} 练 · ${['函数与方程', '数列', '三角函数', '解析几何', '概率统计'][page % 5]}`,
      paragraphs: [...problems, `答案与提示：第 ${page} 练的方程题先移项再化简；数列题套用通项公式 an = a1 + (n−1)d。`],
    });
  }
  return {
    title: '高中数学专项练习（45 练）',
    category: '高中教育',
    format: 'pdf',
    language: 'zh-CN',
    price: 3,
    chapters,
  };
}

function slides(
  title: string,
  category: string,
  language: DemoLanguage,
  price: number,
  list: [string, string[]][],
  opts: { images?: boolean; member?: boolean } = {},
): DemoSpec {
  return {
    title,
    category,
    format: 'pptx',
    language,
    price,
    ...(opts.member ? { member: true } : {}),
    chapters: list.map(([heading, paragraphs], i) => ({
      heading,
      paragraphs,
      ...(opts.images && i % 2 === 1 ? { image: true } : {}),
    })),
  };
}

const MONTHS_ZH = ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'];
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A deterministic number series (the same library on every site). */
const num = (i: number, j: number, base: number, spread: number) => base + ((i * 37 + j * 53) % spread);

function sheet(
  title: string,
  category: string,
  language: DemoLanguage,
  price: number,
  sheets: DemoSheet[],
  member = false,
): DemoSpec {
  return { title, category, format: 'xlsx', language, price, sheets, ...(member ? { member: true } : {}) };
}

const VOCAB: [string, string][] = [
  ['abandon', 'v. 放弃；抛弃'],
  ['ability', 'n. 能力；才能'],
  ['absorb', 'v. 吸收；吸引'],
  ['academic', 'adj. 学术的'],
  ['access', 'n. 通道；使用权'],
  ['accompany', 'v. 陪伴；伴随'],
  ['achieve', 'v. 实现；达到'],
  ['adapt', 'v. 适应；改编'],
  ['adequate', 'adj. 足够的'],
  ['advocate', 'v. 提倡 n. 拥护者'],
  ['analyse', 'v. 分析'],
  ['anticipate', 'v. 预期；期望'],
  ['apparent', 'adj. 明显的'],
  ['approach', 'n. 方法 v. 接近'],
  ['appropriate', 'adj. 适当的'],
  ['assess', 'v. 评估'],
  ['assume', 'v. 假定；承担'],
  ['attitude', 'n. 态度'],
  ['benefit', 'n. 好处 v. 有益于'],
  ['capacity', 'n. 容量；能力'],
];

/** A day-by-day review plan over a document's chapters, for the plain-text documents. */
function studyPlan(spec: DemoSpec, days = 40): DemoSpec {
  const en = spec.language === 'en';
  const chapters = spec.chapters ?? [];
  const lines = [en ? 'Appendix: a 40-day review plan' : '附录：40 天复习计划', ''];
  for (let d = 1; d <= days; d++) {
    const c = chapters[(d - 1) % chapters.length]?.heading ?? '';
    const task = en
      ? [
          'read it again and underline the key terms',
          'write three examples of your own',
          'explain it aloud in two minutes',
          'test yourself without notes',
        ][d % 4]
      : ['重读一遍并标出关键词', '自己举三个例子', '用两分钟口头讲解', '合上笔记自测一遍'][d % 4];
    lines.push(en ? `Day ${d}: ${c}: ${task}.` : `第 ${d} 天：${c}，${task}。`, '');
  }
  return { ...spec, appendix: lines };
}

function clauses(spec: DemoSpec): DemoSpec {
  const extra = [
    [
      '4. Exclusions',
      'Information that is public, already known to the receiving party, or independently developed is not confidential.',
    ],
    [
      '5. Return of Materials',
      'On request, the receiving party returns or destroys all confidential materials and confirms it in writing.',
    ],
    ['6. No Licence', "Nothing in this agreement grants any right in the disclosing party's intellectual property."],
    [
      '7. Remedies',
      'A breach may cause irreparable harm; the disclosing party may seek an injunction in addition to damages.',
    ],
    [
      '8. Governing Law',
      'This agreement is governed by the laws of the place where the disclosing party has its seat.',
    ],
    [
      '9. Entire Agreement',
      'This agreement is the whole understanding of the parties on its subject and replaces earlier ones.',
    ],
    ['10. Signatures', 'Signed by the authorised representatives of both parties on the dates written below.'],
  ];
  const lines: string[] = [];
  for (const [h, p] of extra)
    lines.push(
      h ?? '',
      '',
      p ?? '',
      '',
      'Notes: ______________________________',
      '',
      '______________________________',
      '',
      '',
    );
  lines.push(
    'Disclosing party: ____________________   Date: __________',
    '',
    'Receiving party: ____________________   Date: __________',
  );
  return { ...spec, appendix: lines };
}

export function demoLibrary(): DemoSpec[] {
  return [
    mathPractice(),
    text(
      '高一物理：运动与力 知识点归纳',
      '高中教育',
      'docx',
      'zh-CN',
      1,
      [
        [
          '一、质点与参考系',
          '质点是用来代替物体的有质量的点，物体的大小和形状对所研究问题影响可以忽略时才能看作质点。',
        ],
        ['二、匀变速直线运动', '速度公式 v = v0 + at，位移公式 x = v0t + ½at²，速度与位移关系 v² − v0² = 2ax。'],
        ['三、牛顿运动定律', '物体的加速度跟所受合外力成正比，跟物体的质量成反比，即 F = ma。'],
        ['四、受力分析的步骤', '明确研究对象，按重力、弹力、摩擦力的顺序画出受力图，再正交分解列方程。'],
      ],
      { images: true },
    ),
    text('High School English Grammar Essentials', '高中教育', 'epub', 'en', 0, [
      ['1. Tenses at a Glance', 'The present perfect links the past with now: "I have lived here for ten years."'],
      [
        '2. The Passive Voice',
        'Use the passive when the action matters more than who did it: "The bridge was built in 1998."',
      ],
      [
        '3. Relative Clauses',
        'Defining clauses need no commas; non-defining clauses add extra information between commas.',
      ],
      ['4. Conditionals', 'The second conditional imagines the present: "If I had more time, I would learn to paint."'],
    ]),
    studyPlan(
      text('高考英语作文万能句型', '高中教育', 'txt', 'zh-CN', 0, [
        ['开头句型', 'As is known to all, ... / With the development of society, ... 用于引出话题，简洁有力。'],
        ['过渡句型', 'What’s more, ... / On the other hand, ... 使文章层次分明，逻辑清楚。'],
        ['结尾句型', 'In conclusion, ... / All in all, ... 总结全文，呼应开头，表达个人观点。'],
      ]),
    ),
    text(
      '大学物理力学复习提纲',
      '大学教育',
      'pdf',
      'zh-CN',
      2,
      [
        [
          '第一章 质点运动学',
          '位置矢量、速度与加速度是描述质点运动的基本物理量，曲线运动中加速度可分解为切向与法向分量。',
        ],
        ['第二章 牛顿定律', '惯性系中牛顿第二定律成立；非惯性系中需引入惯性力。'],
        ['第三章 动量与角动量', '合外力为零时系统动量守恒；合外力矩为零时角动量守恒。'],
        ['第四章 功和能', '保守力做功与路径无关，机械能守恒的条件是只有保守内力做功。'],
        ['第五章 刚体转动', '转动定律 M = Jα，转动惯量取决于质量分布和转轴位置。'],
      ],
      { images: true },
    ),
    slides('Linear Algebra Lecture Notes', '大学教育', 'en', 0, [
      [
        'Linear Algebra: Week 1',
        ['Vectors and linear combinations', 'Lengths and dot products', 'Matrices as linear maps'],
      ],
      [
        'Solving Linear Systems',
        ['Gaussian elimination step by step', 'Pivots and free variables', 'When a system has no solution'],
      ],
      ['Vector Spaces', ['Subspaces, span and basis', 'Dimension and rank', 'The four fundamental subspaces']],
      ['Eigenvalues', ['Av = λv and the characteristic polynomial', 'Diagonalisation', 'Applications: Markov chains']],
    ]),
    text('微积分公式手册', '大学教育', 'docx', 'zh-CN', 2, [
      ['一、极限', '两个重要极限：sin x / x 当 x→0 时趋于 1；(1 + 1/x)^x 当 x→∞ 时趋于 e。'],
      ['二、导数公式', '(xⁿ)′ = nxⁿ⁻¹，(ln x)′ = 1/x，(sin x)′ = cos x，(eˣ)′ = eˣ。'],
      ['三、积分公式', '∫xⁿdx = xⁿ⁺¹/(n+1) + C（n ≠ −1），∫1/x dx = ln|x| + C。'],
      ['四、级数', '几何级数 Σqⁿ 在 |q| < 1 时收敛于 1/(1−q)；p 级数在 p > 1 时收敛。'],
    ]),
    sheet('大学英语四级核心词汇表', '大学教育', 'zh-CN', 1, [
      {
        name: '核心词汇',
        header: ['序号', '单词', '释义', '例句'],
        rows: Array.from({ length: 120 }, (_, i) => {
          const [w, m] = VOCAB[i % VOCAB.length] ?? ['', ''];
          return [i + 1, w, m, `Unit ${Math.floor(i / 10) + 1}: use "${w}" in a sentence of your own.`];
        }),
      },
      {
        name: '复习计划',
        header: ['周次', '新学单词', '复习单词', '完成情况'],
        rows: Array.from({ length: 16 }, (_, i) => [`第 ${i + 1} 周`, 40, 40 * i, i < 4 ? '已完成' : '未开始']),
      },
    ]),
    text(
      '公务员考试行测常识判断精选',
      '职业考试',
      'docx',
      'zh-CN',
      2,
      [
        ['政治常识', '我国的根本政治制度是人民代表大会制度，基本政治制度包括民族区域自治制度等。'],
        ['法律常识', '宪法是国家的根本大法，具有最高的法律效力。'],
        ['历史常识', '秦朝统一文字、货币和度量衡，为中华文明的延续奠定了基础。'],
        ['科技常识', '光年是长度单位，指光在真空中一年内传播的距离。'],
      ],
      { member: true },
    ),
    text('一级建造师《工程经济》重点', '职业考试', 'pdf', 'zh-CN', 5, [
      ['资金时间价值', '终值 F = P(1 + i)ⁿ，现值 P = F(1 + i)⁻ⁿ，等额支付系列需区分期初与期末。'],
      ['技术方案经济效果评价', '财务净现值 FNPV ≥ 0 时方案可行；内部收益率不低于基准收益率时方案可接受。'],
      ['设备更新分析', '设备的经济寿命是使年平均使用成本最低的使用年限。'],
      ['建设工程项目总投资', '由建设投资、建设期利息和流动资金构成。'],
    ]),
    studyPlan(
      text('会计基础知识速记', '职业考试', 'txt', 'zh-CN', 0, [
        ['会计要素', '资产、负债、所有者权益、收入、费用和利润，资产 = 负债 + 所有者权益。'],
        ['借贷记账法', '有借必有贷，借贷必相等；资产类账户借方登记增加，贷方登记减少。'],
        ['会计凭证', '原始凭证是编制记账凭证的依据，记账凭证是登记账簿的依据。'],
      ]),
    ),
    text('IELTS Writing Task 2: A Practical Guide', '职业考试', 'epub', 'en', 2, [
      [
        'Understanding the Question',
        'Underline the topic and the instruction words: discuss, agree or disagree, advantages and disadvantages.',
      ],
      ['Planning in Five Minutes', 'Write a thesis in one sentence, then two body ideas with one example each.'],
      ['Writing the Body', 'Start each paragraph with a clear topic sentence and support it with a specific example.'],
      ['Checking Your Essay', 'Leave three minutes to check subject–verb agreement, articles and spelling.'],
    ]),
    text(
      'TypeScript 入门笔记',
      'IT/计算机',
      'docx',
      'zh-CN',
      1,
      [
        ['类型注解', 'let count: number = 0; function greet(name: string): string { return "你好，" + name; }'],
        ['接口与类型别名', '接口（interface）描述对象的形状，可以被扩展；类型别名可以表示联合类型。'],
        ['泛型', 'function first<T>(items: T[]): T | undefined { return items[0]; } 让函数适用于多种类型。'],
        ['严格模式', '开启 strict 后，编译器会检查 null 与 undefined，能在编译时发现更多错误。'],
      ],
      { images: true, member: true },
    ),
    slides(
      'Git Workflow for Teams',
      'IT/计算机',
      'en',
      0,
      [
        ['Git Workflow for Teams', ['Branches, reviews and releases', 'A workflow that scales from 2 to 50 people']],
        ['Feature Branches', ['One branch per change', 'Small commits with clear messages', 'Rebase before review']],
        ['Code Review', ['Review within a day', 'Comment on behaviour, not style', 'Automate formatting']],
        ['Releases', ['Tag every release', 'Keep a changelog', 'Roll back with a revert, not a force push']],
      ],
      { images: true },
    ),
    text('Python 数据分析入门', 'IT/计算机', 'epub', 'zh-CN', 2, [
      ['第一章 环境准备', '安装 Python 3 与 pandas、numpy、matplotlib，推荐使用虚拟环境隔离依赖。'],
      ['第二章 读取数据', 'pandas.read_csv 可以读取 CSV 文件，DataFrame.head() 查看前几行。'],
      ['第三章 清洗数据', '用 dropna 删除缺失值，用 fillna 填充缺失值，用 astype 转换列类型。'],
      ['第四章 分组统计', 'df.groupby("城市")["销售额"].sum() 按城市汇总销售额。'],
      ['第五章 可视化', 'matplotlib 的 plot、bar、hist 分别绘制折线图、柱状图和直方图。'],
    ]),
    studyPlan(
      text('SQL Cheat Sheet', 'IT/计算机', 'txt', 'en', 0, [
        ['Querying', 'SELECT name, price FROM product WHERE price > 10 ORDER BY price DESC LIMIT 5;'],
        ['Joining', 'SELECT o.id, c.name FROM orders o JOIN customer c ON c.id = o.customer_id;'],
        ['Grouping', 'SELECT city, count(*) FROM customer GROUP BY city HAVING count(*) > 3;'],
        ['Changing Data', "INSERT INTO tag (name) VALUES ('sql'); UPDATE tag SET name = 'SQL' WHERE id = 1;"],
      ]),
    ),
    text('Linux 常用命令速查', 'IT/计算机', 'pdf', 'zh-CN', 0, [
      ['文件与目录', 'ls -la 列出文件，cd 切换目录，cp -r 复制目录，mv 移动或重命名，rm -r 删除目录。'],
      ['文本处理', 'grep -rn 关键字 目录 搜索文本；sed -n 1,20p 文件 打印前 20 行；wc -l 统计行数。'],
      ['进程与系统', 'ps aux 查看进程，top 查看资源占用，df -h 查看磁盘，free -h 查看内存。'],
      ['网络', 'curl -I 网址 查看响应头，ss -tlnp 查看监听端口，ping 检查连通性。'],
    ]),
    slides(
      '机械制图基础',
      '工程科技',
      'zh-CN',
      1,
      [
        ['机械制图基础', ['国家标准与图纸幅面', '三视图的形成与投影规律']],
        ['三视图', ['主视图反映长和高', '俯视图反映长和宽', '左视图反映高和宽']],
        ['尺寸标注', ['尺寸界线、尺寸线和尺寸数字', '标注要完整、清晰、合理']],
        ['剖视图', ['全剖、半剖与局部剖', '剖面线画成 45° 细实线']],
      ],
      { images: true },
    ),
    text(
      'Concrete Mix Design Basics',
      '工程科技',
      'pdf',
      'en',
      1,
      [
        [
          'Target Strength',
          'The target mean strength adds a margin to the specified strength to cover the variation of the site.',
        ],
        ['Water–Cement Ratio', 'A lower water–cement ratio gives higher strength and durability but a stiffer mix.'],
        ['Aggregates', 'Well-graded aggregates reduce the paste needed and so the cost and the shrinkage.'],
        ['Trial Mixes', 'Cast trial cubes, test them at 7 and 28 days and adjust the proportions before production.'],
      ],
      { images: true },
    ),
    text(
      '电工电子技术实验报告',
      '工程科技',
      'docx',
      'zh-CN',
      0,
      [
        ['实验一 基尔霍夫定律验证', '测量各支路电流与回路电压，验证节点电流代数和为零、回路电压代数和为零。'],
        ['实验二 RC 电路暂态过程', '用示波器观察电容充放电波形，测得时间常数 τ = RC。'],
        ['实验三 单管放大电路', '调整静态工作点，测量电压放大倍数与输入输出电阻。'],
      ],
      { member: true },
    ),
    sheet('工程材料试验数据表', '工程科技', 'zh-CN', 0, [
      {
        name: '混凝土抗压',
        header: ['试件编号', '龄期(天)', '荷载(kN)', '强度(MPa)', '结论'],
        rows: Array.from({ length: 60 }, (_, i) => {
          const load = num(i, 1, 680, 160);
          return [
            `C30-${String(i + 1).padStart(3, '0')}`,
            i % 2 ? 28 : 7,
            load,
            +(load / 22.5).toFixed(1),
            load > 700 ? '合格' : '复检',
          ];
        }),
      },
      {
        name: '钢筋拉伸',
        header: ['批号', '直径(mm)', '屈服强度(MPa)', '抗拉强度(MPa)', '伸长率(%)'],
        rows: Array.from({ length: 40 }, (_, i) => [
          `HRB400-${i + 1}`,
          [12, 16, 20, 25][i % 4] ?? 12,
          num(i, 2, 420, 60),
          num(i, 3, 560, 80),
          num(i, 4, 16, 9),
        ]),
      },
    ]),
    slides(
      '市场营销策划方案',
      '经管营销',
      'zh-CN',
      3,
      [
        ['新品上市营销策划方案', ['目标：三个月内进入三个重点城市', '预算：80 万元']],
        ['市场分析', ['目标人群：25–35 岁城市白领', '竞品定价集中在 99–199 元', '线上渠道占比持续提升']],
        ['推广策略', ['短视频种草与直播带货', '线下快闪店体验', '会员拉新奖励']],
        ['执行与评估', ['按周复盘投放数据', '关注转化率与复购率', '预留 10% 预算机动调整']],
      ],
      { images: true, member: true },
    ),
    sheet('2025 年度销售数据分析', '经管营销', 'zh-CN', 2, [
      {
        name: '月度销售',
        header: ['月份', '华东', '华南', '华北', '西部', '合计'],
        rows: MONTHS_ZH.map((m, i) => {
          const v = [0, 1, 2, 3].map((j) => num(i, j, 120, 90));
          return [m, ...v, v.reduce((a, b) => a + b, 0)];
        }),
      },
      {
        name: '产品明细',
        header: ['产品', '单价', '销量', '销售额', '毛利率'],
        rows: Array.from({ length: 50 }, (_, i) => {
          const price = num(i, 5, 39, 160);
          const qty = num(i, 6, 200, 900);
          return [
            `产品 ${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26) + 1}`,
            price,
            qty,
            price * qty,
            `${num(i, 7, 18, 30)}%`,
          ];
        }),
      },
    ]),
    text('Startup Business Plan Outline', '经管营销', 'docx', 'en', 0, [
      [
        'Executive Summary',
        'In one page: the problem, your solution, the market, the team and how much money you need.',
      ],
      ['Market Analysis', 'Size the market from the bottom up: customers you can reach times what they will pay.'],
      ['Business Model', 'Explain how you make money, what it costs to win a customer and how long they stay.'],
      ['Financial Plan', 'Show three years of monthly cash flow for the first year and quarterly after that.'],
    ]),
    text('房屋租赁合同（范本）', '合同协议', 'docx', 'zh-CN', 0, [
      ['第一条 房屋基本情况', '出租方将位于＿＿市＿＿区＿＿路＿＿号的房屋出租给承租方使用，建筑面积＿＿平方米。'],
      ['第二条 租赁期限', '租赁期自＿＿年＿＿月＿＿日起至＿＿年＿＿月＿＿日止，期满后承租方有优先续租权。'],
      ['第三条 租金及支付方式', '月租金为人民币＿＿元，按季度支付，承租方应于每季度首月五日前付清。'],
      ['第四条 双方权利义务', '出租方负责房屋主体结构维修；承租方应合理使用房屋，不得擅自转租。'],
      ['第五条 违约责任', '任何一方违约，应向对方支付相当于一个月租金的违约金。'],
    ]),
    text('劳动合同（标准版）', '合同协议', 'pdf', 'zh-CN', 0, [
      ['一、合同期限', '本合同为固定期限劳动合同，试用期不超过法律规定的期限。'],
      ['二、工作内容和工作地点', '乙方同意根据甲方工作需要，担任＿＿岗位工作，工作地点为＿＿。'],
      ['三、工作时间和休息休假', '甲方实行标准工时制度，每日工作不超过八小时，每周至少休息一日。'],
      ['四、劳动报酬', '甲方每月＿＿日前以货币形式支付乙方工资，不得克扣或者无故拖欠。'],
      ['五、社会保险', '甲乙双方依法参加社会保险，按时足额缴纳社会保险费。'],
    ]),
    clauses(
      text('Mutual Non-Disclosure Agreement Template', '合同协议', 'txt', 'en', 0, [
        [
          '1. Confidential Information',
          'Any information disclosed by one party to the other that is marked or reasonably understood as confidential.',
        ],
        [
          '2. Obligations',
          'The receiving party shall use the information only for the purpose and protect it with reasonable care.',
        ],
        [
          '3. Term',
          'This agreement lasts two years from the effective date; obligations survive for three years after it ends.',
        ],
      ]),
    ),
    slides(
      '2025 年度工作总结报告',
      '总结汇报',
      'zh-CN',
      0,
      [
        ['2025 年度工作总结', ['市场部 · 年终汇报', '回顾、成果、不足与计划']],
        ['全年成果', ['销售额同比增长 23%', '新增客户 1,260 家', '客户满意度 92 分']],
        ['存在不足', ['新品上市节奏偏慢', '跨部门协作流程较长']],
        ['明年计划', ['聚焦三大重点行业', '建设客户成功团队', '季度复盘、月度跟进']],
      ],
      { images: true },
    ),
    slides('Monthly Team Report', '总结汇报', 'en', 0, [
      ['Monthly Team Report', ['Platform team', 'Highlights, metrics and next steps']],
      ['Highlights', ['Shipped search suggestions', 'Cut page load time by 30%', 'Onboarded two new engineers']],
      ['Metrics', ['Uptime 99.97%', 'p95 latency 180 ms', 'Open bugs down from 42 to 27']],
      ['Next Month', ['Mobile reader', 'Billing clean-up', 'On-call handbook']],
    ]),
    sheet('家庭月度收支记账表', '表格模板', 'zh-CN', 0, [
      {
        name: '收支明细',
        header: ['日期', '类别', '收入(元)', '支出(元)', '备注'],
        rows: Array.from({ length: 90 }, (_, i) => {
          const income = i % 15 === 0;
          return [
            `2025-${String(Math.floor(i / 30) + 1).padStart(2, '0')}-${String((i % 30) + 1).padStart(2, '0')}`,
            income ? '工资' : (['餐饮', '交通', '购物', '水电', '教育', '娱乐'][i % 6] ?? '其他'),
            income ? 12000 : 0,
            income ? 0 : num(i, 8, 15, 300),
            '',
          ];
        }),
      },
      {
        name: '月度汇总',
        header: ['月份', '收入', '支出', '结余'],
        rows: MONTHS_ZH.map((m, i) => {
          const out = num(i, 9, 6000, 3000);
          return [m, 24000, out, 24000 - out];
        }),
      },
    ]),
    sheet(
      '员工考勤统计表',
      '表格模板',
      'zh-CN',
      0,
      [
        {
          name: '考勤',
          header: ['工号', '姓名', '部门', '应出勤', '实出勤', '迟到', '请假', '出勤率'],
          rows: Array.from({ length: 80 }, (_, i) => {
            const late = num(i, 10, 0, 4);
            const leave = num(i, 11, 0, 3);
            return [
              `E${String(1001 + i)}`,
              `员工${i + 1}`,
              ['研发部', '市场部', '财务部', '人事部'][i % 4] ?? '',
              22,
              22 - leave,
              late,
              leave,
              `${(((22 - leave) / 22) * 100).toFixed(1)}%`,
            ];
          }),
        },
      ],
      true,
    ),
    sheet('Project Budget Tracker', '表格模板', 'en', 0, [
      {
        name: 'Budget',
        header: ['Item', 'Category', 'Budget ($)', 'Actual ($)', 'Variance ($)', 'Owner'],
        rows: Array.from({ length: 60 }, (_, i) => {
          const budget = num(i, 12, 500, 4500);
          const actual = num(i, 13, 400, 4800);
          return [
            `Task ${i + 1}`,
            ['Design', 'Development', 'Testing', 'Marketing'][i % 4] ?? '',
            budget,
            actual,
            budget - actual,
            ['Ann', 'Ben', 'Chen', 'Dora'][i % 4] ?? '',
          ];
        }),
      },
      {
        name: 'By Month',
        header: ['Month', 'Planned', 'Spent'],
        rows: MONTHS_EN.map((m, i) => [m, 12000, num(i, 14, 9000, 6000)]),
      },
    ]),
    text('唐诗选读', '文学小说', 'epub', 'zh-CN', 0, [
      ['静夜思 · 李白', '床前明月光，疑是地上霜。举头望明月，低头思故乡。'],
      ['春晓 · 孟浩然', '春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。'],
      ['登鹳雀楼 · 王之涣', '白日依山尽，黄河入海流。欲穷千里目，更上一层楼。'],
      ['相思 · 王维', '红豆生南国，春来发几枝。愿君多采撷，此物最相思。'],
      ['江雪 · 柳宗元', '千山鸟飞绝，万径人踪灭。孤舟蓑笠翁，独钓寒江雪。'],
    ]),
    text(
      'The Lighthouse Keeper: A Short Story',
      '文学小说',
      'epub',
      'en',
      1,
      [
        [
          'I. The Storm',
          'The night the storm came, Mara climbed the ninety steps of the lighthouse with a lamp in each hand.',
        ],
        ['II. The Boat', 'At dawn a small boat lay on the rocks below, its name half washed away: Morning Star.'],
        ['III. The Letter', 'Inside the boat, wrapped in oilcloth, was a letter addressed to the keeper of the light.'],
        [
          'IV. Home',
          'She read it twice, folded it into her coat and, for the first time in years, took the ferry to town.',
        ],
      ],
      { member: true },
    ),
    text('中国古代哲学简史', '人文社科', 'epub', 'zh-CN', 2, [
      ['第一章 先秦诸子', '春秋战国时期百家争鸣，儒、道、墨、法各家提出了关于人生与治国的不同主张。'],
      ['第二章 两汉经学', '汉武帝“罢黜百家，独尊儒术”，儒家经典成为官方学术的核心。'],
      ['第三章 魏晋玄学', '玄学以《老子》《庄子》《周易》为“三玄”，讨论有无、本末等问题。'],
      ['第四章 宋明理学', '朱熹主张“格物致知”，王阳明提出“心即理”与“知行合一”。'],
    ]),
    studyPlan(
      text('Introduction to Psychology: How Memory Works', '人文社科', 'txt', 'en', 0, [
        ['Encoding', 'We remember what we pay attention to; meaning and emotion make encoding stronger.'],
        ['Storage', 'Short-term memory holds about seven items for seconds; long-term memory has no known limit.'],
        ['Retrieval', 'Testing yourself strengthens memory more than rereading: this is called the testing effect.'],
      ]),
    ),
    studyPlan(
      text('《论语》选读', '人文社科', 'txt', 'zh-CN', 0, [
        ['学而篇', '子曰：“学而时习之，不亦说乎？有朋自远方来，不亦乐乎？人不知而不愠，不亦君子乎？”'],
        ['为政篇', '子曰：“温故而知新，可以为师矣。”子曰：“学而不思则罔，思而不学则殆。”'],
        ['述而篇', '子曰：“三人行，必有我师焉。择其善者而从之，其不善者而改之。”'],
        ['卫灵公篇', '子曰：“己所不欲，勿施于人。”'],
      ]),
    ),
  ];
}
