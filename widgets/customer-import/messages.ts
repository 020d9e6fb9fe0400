/** Texts of <garage-customer-import> (批量导入 / 潜在客户). */
import { IMPORT_LIMITS, type DuplicateMode, type ImportKind } from '../../contracts/rules/import-task';

const number = (value: number) => value.toLocaleString('zh-CN');

export const messages = {
  title: { customer: '批量导入客户', potential: '批量导入潜在客户' } satisfies Record<ImportKind, string>,
  subtitle: {
    customer: '把旧系统导出的客户表格导入门店管家：先下载模板或直接上传自己的表格，核对列和问题行后开始导入。',
    potential: '把活动报名、线上咨询等尚未到店的线索导入潜在客户，导入后在「潜在客户」中分配与跟进。',
  } satisfies Record<ImportKind, string>,
  tabs: { list: '潜在客户', import: '批量导入' },
  retry: '重试',
  loadFailed: '导入记录加载失败',
  refused: '你没有「客户导入」权限。如需导入客户，请联系门店管理员开通。',

  steps: { template: '下载模板', upload: '上传文件', mapping: '核对列', preview: '预览与重复处理' },
  template: {
    help: '模板含表头、示例行、填写说明和下拉选项；直接用旧系统导出的表格也可以，表头会自动识别。',
    download: '下载导入模板',
    fileName: { customer: '客户导入模板.xlsx', potential: '潜在客户导入模板.xlsx' } satisfies Record<ImportKind, string>,
    done: '模板已下载',
  },
  upload: {
    drop: '把 Excel 或 CSV 文件拖到这里，或',
    choose: '选择文件',
    limits: `支持 .xlsx 和 .csv（UTF-8 或 GBK 编码均可），单个文件不超过 ${IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB、${number(IMPORT_LIMITS.maxRows)} 行`,
    reading: (name: string) => `正在读取「${name}」…`,
    wrongType: '只支持 .xlsx 和 .csv 文件；.xls 请在 Excel 中另存为 .xlsx 后再上传',
    tooLarge: (mb: string) => `文件 ${mb} MB，超过 ${IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB 的上限，请拆分后分批导入`,
    empty: '文件是空的，请检查后重新选择',
    file: (name: string, format: string, total: number) => `${name}（${format}），共 ${number(total)} 行数据`,
    formats: { xlsx: 'Excel', 'utf-8': 'CSV · UTF-8', gb18030: 'CSV · GBK' } as Record<string, string>,
    change: '更换文件',
    noRows: '文件里没有数据行（表头下面是空的）',
  },
  mapping: {
    help: '左边是文件里的列，右边选择导入为哪一项；已自动识别的列已选好，不需要的列选「不导入」。',
    column: '文件中的列',
    sample: '示例内容',
    field: '导入为',
    skip: '不导入',
    columnLabel: (header: string) => `「${header}」导入为`,
    untitled: (index: number) => `第 ${index + 1} 列（无表头）`,
    needNameOrMobile: '「姓名」和「手机号」至少要对应一列，否则所有行都无法导入。',
    missing: (labels: string) => `模板中的必填项未对应：${labels}。这些信息为空的行仍会导入，但请确认是否漏选。`,
    twice: (label: string) => `「${label}」对应了不止一列，只会使用第一列`,
    presets: '列对应预设',
    noPreset: '不使用预设',
    presetHelp: '同一种表格每次导入的列都一样时，保存一次，下次直接选用。',
    savePreset: '保存为预设',
    presetName: '预设名称',
    presetNameHelp: '如「旧系统客户导出」，最多 20 个字',
    presetNameRequired: '请填写预设名称',
    presetSaved: (name: string) => `已保存预设「${name}」`,
    presetApplied: (name: string) => `已按预设「${name}」对应列`,
    refreshing: '正在按新的对应关系检查…',
  },
  preview: {
    help: (shown: number, total: number) => `下面是前 ${shown} 行（共 ${number(total)} 行）的检查结果，开始导入后会逐行检查全部数据。`,
    row: '行号',
    problems: '问题',
    errorRows: (count: number) => `${count} 行有错误，不会导入`,
    warningRows: (count: number) => `${count} 行有提示，照常导入`,
    allGood: '预览的行没有发现问题',
    error: '错误',
    warning: '提示',
    cellProblem: (level: string, message: string) => `（${level}：${message}）`,
    rowOk: '无问题',
    legend: '红色为错误（该行不导入，进入错误报告），黄色为提示（照常导入并记录）；鼠标移到单元格上可查看原因。',
  },
  duplicates: {
    label: '手机号或车牌号已存在时',
    help: {
      skip: '保留系统中的资料，文件中这一行不导入（计为跳过）',
      update: '只把文件中有、系统中为空的信息补进去，已有资料不变',
      overwrite: '用文件中的非空内容替换系统中的资料，空白单元格不清除已有资料',
    } satisfies Record<DuplicateMode, string>,
  },
  start: '开始导入',
  startHelp: (total: number) => `将在后台导入 ${number(total)} 行，关闭页面也不会中断，回来后可继续查看进度。`,
  startBlocked: '请先对应「姓名」或「手机号」列',

  progress: {
    title: '导入进度',
    processed: (done: number, total: number, percent: number) => `已处理 ${number(done)} / ${number(total)} 行（${percent}%）`,
    rate: (rate: number) => `${number(Math.round(rate))} 行/秒`,
    left: (text: string) => `预计剩余 ${text}`,
    measuring: '正在计算速度…',
    queued: '排队中：同一门店同时只运行一个导入任务，前一个完成后自动开始',
    closeHint: '可以关闭此页面，导入会在后台继续。',
    cancel: '取消导入',
    cancelTitle: '取消这次导入？',
    cancelText: '已导入的行会保留，尚未处理的行不再导入。',
    cancelConfirm: '取消导入',
    cancelled: '导入已取消',
    keepGoing: '继续导入',
    bar: '导入进度',
  },
  result: {
    title: { done: '导入完成', failed: '导入失败', cancelled: '导入已取消' } as Record<string, string>,
    counts: { imported: '新增', updated: '更新', skipped: '跳过', failed: '失败', warned: '带提示' },
    errors: '有问题的行',
    errorsMore: (shown: number, total: number) => `仅列出前 ${shown} 条，共 ${number(total)} 条问题，完整内容见错误报告`,
    errorLine: (row: number, column: string, message: string) => `第 ${row} 行${column ? ` · ${column}` : ''}：${message}`,
    report: '下载错误报告',
    reportHelp: '错误报告保留未导入的原始行，并在最后一列写明原因；改正后直接上传该文件即可导入这些行。带提示的行已导入，列在报告的第二个工作表中供核对。',
    reportName: (taskId: number) => `导入错误报告-${taskId}.xlsx`,
    again: '重新上传',
    noErrors: '全部行都已处理，没有出错的行。',
  },
  history: {
    title: '最近的导入',
    empty: '还没有导入记录',
    line: (store: string, by: string, at: string) => [store, by, at].filter(Boolean).join(' · '),
    counts: (imported: number, updated: number, skipped: number, failed: number) =>
      `新增 ${number(imported)}，更新 ${number(updated)}，跳过 ${number(skipped)}，失败 ${number(failed)}`,
    open: '查看',
    report: '错误报告',
  },
  duration: (seconds: number) => {
    if (seconds < 60) return `${Math.max(1, Math.round(seconds))} 秒`;
    const minutes = Math.floor(seconds / 60);
    if (minutes < 60) return `${minutes} 分 ${Math.round(seconds % 60)} 秒`;
    return `${Math.floor(minutes / 60)} 小时 ${minutes % 60} 分`;
  },
  potentialListLoading: '正在加载潜在客户',
  potentialListFailed: '潜在客户列表加载失败，请刷新页面重试',
};
