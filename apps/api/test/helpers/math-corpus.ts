/** The MATH public sample's path and why its tests skip: one reader for every layer's tests. */
export { corpusMissing, MATH_CORPUS } from '../../../../packages/shared/test/math-corpus';
