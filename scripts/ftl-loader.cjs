// webpack: a Fluent catalog (locales/<locale>/*.ftl) as the page gets it, its comments left
// out (lines starting with #: notes for translators, no part of any message). The first load
// carries the English catalog: this keeps it to what the page shows.
module.exports = function ftlLoader(text) {
  return text.split('\n').filter((line) => !line.startsWith('#')).join('\n');
};
