import { describe, expect, it } from "vitest";
import { csvLine } from "./csv";

describe("csvLine", () => {
  it("quotes what needs quoting and neutralises formulas", () => {
    expect(csvLine(["QB-1", "Smith, Jane", 'She said "hi"', "two\nlines"])).toBe('QB-1,"Smith, Jane","She said ""hi""","two\nlines"\n');
    expect(csvLine(['=HYPERLINK("x")', "+1", "-1", "@SUM(A1)", "plain"])).toBe(`"'=HYPERLINK(""x"")",'+1,'-1,'@SUM(A1),plain\n`);
  });
});
