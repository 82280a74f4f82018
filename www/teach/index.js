// Teaching: Predict (the questions, the answer panel, the score), lessons (the built-in ones,
// the lesson bar, the lesson maker), the presenter view and the worksheet. Other folders use
// only these names:
//   Predict, QuestionPanel, Score, LessonsPanel, LessonMaker, readLesson, unreachableStops,
//   describeState, BUILT_IN_LESSONS, Presenter, installWorksheet

export { Predict } from './predict.js';
export { QuestionPanel } from './question-panel.js';
export { Score } from './score.js';
export { LessonsPanel } from './lessons-panel.js';
export { LessonMaker } from './lesson-maker.js';
export { readLesson, unreachableStops, describeState } from './lesson.js';
export { BUILT_IN_LESSONS } from './lessons/index.js';
export { Presenter } from './presenter.js';
export { installWorksheet } from './worksheet.js';
