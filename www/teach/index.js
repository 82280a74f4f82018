// Teaching: Predict (the questions, the answer panel, the score), lessons (the built-in ones,
// the lesson bar, the lessons kept in this browser) and the presenter view. Other folders use
// only these names:
//   Predict, QuestionPanel, Score, LessonsPanel, YourLessons, readLesson, unreachableStops,
//   describeState, writeLesson, lessonVocabulary, checkLesson, withoutLesson, BUILT_IN_LESSONS,
//   Presenter, LessonStops, prompt and hiddenLines (a question's prompt, and the masks that
//   give its answer away, for the live class)

export { Predict } from './predict.js';
export { QuestionPanel } from './question-panel.js';
export { Score } from './score.js';
export { LessonsPanel } from './lessons-panel.js';
export { YourLessons } from './your-lessons.js';
export {
  readLesson, unreachableStops, describeState, writeLesson, lessonVocabulary, checkLesson,
} from './lesson.js';
export { withoutLesson } from './lesson-link.js';
export { LessonStops } from './lesson-stops.js';
export { BUILT_IN_LESSONS } from './lessons/index.js';
export { Presenter } from './presenter.js';
export { prompt, hiddenLines } from './questions.js';
