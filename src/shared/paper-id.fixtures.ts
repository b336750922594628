/**
 * Sixteen spellings of the arXiv paper 2401.12345 a person or client may send: versions,
 * prefixes, addresses, stray and invisible characters, full-width digits, a fragment. Every
 * store must keep one row for all of them.
 */
export const ARXIV_ID_SPELLINGS = [
  "2401.12345",
  "2401.12345v1",
  "2401.12345v2",
  "arXiv:2401.12345",
  "arxiv: 2401.12345v1",
  "https://arxiv.org/abs/2401.12345",
  "https://arxiv.org/abs/2401.12345v1?context=cs",
  "http://arxiv.org/pdf/2401.12345v2.pdf",
  "https://www.arxiv.org/html/2401.12345v1/",
  " 2401.12345 ",
  "2401.12345\u200b",
  "\ufeff\u20602401.12345\u00ad",
  "２４０１．１２３４５",
  "2401.12345#section-2",
  "10.48550/arXiv.2401.12345",
  "arXiv:2401.12345v2 [cs.LG]",
] as const;
