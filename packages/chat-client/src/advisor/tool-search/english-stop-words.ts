/**
 * Words too common in English queries and tool descriptions to tell tools apart ("find the tool
 * that can ..."). Both indexes drop them; a query of stop words only is searched as written.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but nor if then else so too very just only also not no yes ' +
    'i me my we us our you your he him his she her it its they them their this that these those ' +
    'am is are was were be been being do does did done doing have has had having ' +
    'can could will would shall should may might must ' +
    'of in on at by for with about against between into through during before after above below ' +
    'to from up down out off over under again further once here there when where why how ' +
    'all any both each few more most other some such own same than ' +
    'what which who whom whose'
  ).split(' '),
);
