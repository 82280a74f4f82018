// The live class: the page's side of `bitqueens serve` (docs/class-protocol.md). A teacher
// starts a class and drives every student's board from their own; students join by code or
// link, follow read-only, and answer the teacher's questions. Loaded on demand (main.js): the
// Live class button, or a link with ?class= or ?teach=. Other folders use only these names:
//   LiveClass

export { LiveClass } from './live-class.js';
