/** Types of plan.js (plain JavaScript, so that the jest config can load it too). */
export declare const BACKEND: string;
export declare const SPEC: RegExp;
export declare function groupFiles(): string[];
export declare function plan(): { alone: string[]; groups: string[][] };
