// Teaching: Predict (the questions, the answer panel, the score), lessons (the built-in ones,
// the lesson bar, the lessons kept in this browser) and the presenter view. Other folders use
// only these names:
//   Predict, QuestionPanel, Score, LessonsPanel, YourLessons, readLesson, unreachableStops,
//   describeState, writeLesson, BUILT_IN_LESSONS, Presenter

export { Predict } from './predict.js';
export { QuestionPanel } from './question-panel.js';
export { Score } from './score.js';
export { LessonsPanel } from './lessons-panel.js';
export { YourLessons } from './your-lessons.js';
export { readLesson, unreachableStops, describeState, writeLesson } from './lesson.js';
export { BUILT_IN_LESSONS } from './lessons/index.js';
export { Presenter } from './presenter.js';
