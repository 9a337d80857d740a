import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { OUTLINE_LANGUAGES } from '../outline/languages';
import { OutlinePool } from './outline-pool';

const fixture = (name: string) =>
  readFileSync(new URL(`../outline/fixtures/${name}`, import.meta.url), 'utf8');

/**
 * Per language: the fixture, and what its outline must keep word for word (declarations,
 * signatures, doc comments, types, constants). Every fixture marks each body with
 * BODY_MARKER, which no outline may keep.
 */
const CASES: [language: string, file: string, kept: string[]][] = [
  [
    'typescript',
    'sample.ts',
    [
      "import { readFile } from 'node:fs/promises';",
      '/** The largest size a cache entry may take, in bytes. */\nexport const MAX_ENTRY_BYTES = 4096;',
      'export interface Entry<T> {\n  value: T;\n  storedAt: number;\n}',
      'export type Key = string | number;',
      'export enum Mode {\n  Full,\n  Outline,\n}',
      '/**\n * Keeps the newest values up to a limit.\n * Oldest entries go first.\n */\nexport class LruCache<T> {',
      'private readonly entries = new Map<Key, Entry<T>>();',
      'constructor(private readonly limit: number) { … }',
      '/** The value under `key`, if any. */\n  get(key: Key): T | undefined { … }',
      '/** Reads a JSON file. */\nexport async function readJson<T>(path: string): Promise<T> { … }',
      'export const double = (n: number): number => { … };',
      'namespace Internal {\n  export function helper(): void { … }\n}',
    ],
  ],
  [
    'tsx',
    'sample.tsx',
    [
      '/** Props of the counter button. */\nexport interface CounterProps {',
      '/** A button that counts its clicks. */\nexport function Counter({ label, start = 0 }: CounterProps) { … }',
      'export const Badge = ({ text }: { text: string }) => { … };',
    ],
  ],
  [
    'javascript',
    'sample.js',
    [
      "const path = require('path');",
      '/** Default options of the loader. */\nconst DEFAULTS = { depth: 2 };',
      '/**\n * Joins parts into one path.\n * @param {string[]} parts\n */\nfunction joinAll(parts) { … }',
      'class Walker {\n  constructor(root) { … }',
      '/** Every node, in order. */\n  *nodes() { … }',
      'const square = function (n) { … };',
      'module.exports = { joinAll, Walker, square, DEFAULTS };',
    ],
  ],
  [
    'python',
    'sample.py',
    [
      '"""Geometry helpers."""',
      'MAX_SIDES = 12',
      '@dataclass\nclass Point:\n    """A point in the plane."""\n\n    x: float\n    y: float',
      'def distance(self, other: "Point") -> float:\n        """Euclidean distance to another point."""\n        ...',
      '@staticmethod\n    def origin() -> "Point":\n        ...',
      'def area(points: list[Point]) -> float:\n    """Area of a simple polygon (shoelace formula)."""\n    ...',
      'async def fetch_shape(name: str) -> list[Point]:\n    ...',
    ],
  ],
  [
    'go',
    'sample.go',
    [
      '// Package shapes computes areas.\npackage shapes',
      '// MaxSides bounds the polygons accepted.\nconst MaxSides = 12',
      '// Shape is anything with an area.\ntype Shape interface {\n\tArea() float64\n}',
      'type Circle struct {\n\tRadius float64\n}',
      '// Area of the circle.\nfunc (c Circle) Area() float64 { … }',
      '// Total sums the areas of shapes.\nfunc Total(shapes []Shape) float64 { … }',
      'var registry = map[string]Shape{}',
    ],
  ],
  [
    'rust',
    'sample.rs',
    [
      '//! Shapes and their areas.',
      '/// Bounds the polygons accepted.\npub const MAX_SIDES: usize = 12;',
      '/// The area, in square units.\n    fn area(&self) -> f64;',
      'fn describe(&self) -> String { … }',
      '#[derive(Debug, Clone)]\npub struct Circle {\n    pub radius: f64,\n}',
      'pub enum Kind {',
      'impl Shape for Circle {\n    fn area(&self) -> f64 { … }\n}',
      '/// Sums the areas of shapes.\npub fn total(shapes: &[Box<dyn Shape>]) -> f64 { … }',
      'macro_rules! square {',
    ],
  ],
  [
    'java',
    'Sample.java',
    [
      'package com.example.shapes;',
      '/** Anything with an area. */\npublic interface Shape {\n    /** The area, in square units. */\n    double area();\n}',
      '/** Bounds the polygons accepted. */\n    public static final int MAX_SIDES = 12;',
      'public Circle(double radius) { … }',
      '/** {@inheritDoc} */\n    @Override\n    public double area() { … }',
      '/** Sums the areas of shapes. */\n    public static double total(List<Shape> shapes) { … }',
      'enum Kind { ROUND, SQUARE }',
      'record Pair(String name, double value) {}',
    ],
  ],
  [
    'csharp',
    'Sample.cs',
    [
      'namespace Example.Shapes\n{',
      '/// <summary>The area, in square units.</summary>\n        double Area();',
      '/// <summary>Bounds the polygons accepted.</summary>\n        public const int MaxSides = 12;',
      'public double Radius { get; }',
      'public Circle(double radius)\n        { … }',
      '/// <summary>The area of the circle.</summary>\n        public double Area()\n        { … }',
      'public static double Total(IEnumerable<IShape> shapes)\n        { … }',
      'public enum Kind { Round, Square }',
      'public record Pair(string Name, double Value);',
    ],
  ],
  [
    'c',
    'sample.c',
    [
      '#include <math.h>',
      '/** Bounds the polygons accepted. */\n#define MAX_SIDES 12',
      'typedef struct {\n    double radius;\n} circle_t;',
      'enum kind { ROUND, SQUARE };',
      '/** The area of a circle. */\ndouble circle_area(const circle_t *c)\n{ … }',
      '/* Sums the areas of n circles. */\ndouble total_area(const circle_t *circles, size_t n);',
      'double total_area(const circle_t *circles, size_t n) { … }',
    ],
  ],
  [
    'cpp',
    'sample.cpp',
    [
      'namespace shapes {',
      '/// The area, in square units.\n    virtual double area() const = 0;',
      'explicit Circle(double r) : radius_(r) { … }',
      'double area() const override { … }',
      'private:\n    double radius_;',
      '/// Sums the areas of shapes.\ntemplate <typename T>\ndouble total(const std::vector<T>& shapes) { … }',
    ],
  ],
  [
    'ruby',
    'sample.rb',
    [
      '# Bounds the polygons accepted.\n  MAX_SIDES = 12',
      '# A circle of a given radius.\n  class Circle\n    attr_reader :radius',
      'def initialize(radius)\n      # …\n    end',
      '# The area of the circle.\n    def area\n      # …\n    end',
      'def self.unit\n      # …\n    end',
      '# Sums the areas of shapes.\n  def self.total(shapes)\n    # …\n  end',
    ],
  ],
  [
    'php',
    'sample.php',
    [
      'namespace App\\Shapes;',
      '/** Bounds the polygons accepted. */\nconst MAX_SIDES = 12;',
      '/** The area, in square units. */\n    public function area(): float;',
      'public const UNIT = 1;',
      'public function __construct(private float $radius)\n    { … }',
      '/** {@inheritdoc} */\n    public function area(): float\n    { … }',
      '/** Sums the areas of shapes. */\nfunction total(array $shapes): float\n{ … }',
    ],
  ],
  [
    'kotlin',
    'sample.kt',
    [
      '/** Bounds the polygons accepted. */\nconst val MAX_SIDES = 12',
      '/** Anything with an area. */\ninterface Shape {\n    /** The area, in square units. */\n    fun area(): Double\n}',
      'data class Circle(val radius: Double) : Shape {',
      'override fun area(): Double { … }',
      'companion object {\n        fun unit(): Circle = …',
      'enum class Kind { ROUND, SQUARE }',
      '/** Sums the areas of shapes. */\nfun total(shapes: List<Shape>): Double { … }',
    ],
  ],
  [
    'swift',
    'sample.swift',
    [
      '/// Bounds the polygons accepted.\npublic let maxSides = 12',
      '/// Anything with an area.\npublic protocol Shape {\n    /// The area, in square units.\n    func area() -> Double\n}',
      'public let radius: Double',
      'public init(radius: Double) { … }',
      'public func area() -> Double { … }',
      'public enum Kind {\n    case round, square\n}',
      '/// Sums the areas of shapes.\npublic func total(_ shapes: [Shape]) -> Double { … }',
    ],
  ],
];

/** The placeholders the queries put in place of bodies. */
const ELISION = /\{ … \}|=> …|= …|# …|…|\.\.\./;

/** True when every piece of `outline` between elisions is text of `source` (nothing made up). */
function piecesComeFromSource(outline: string, source: string): boolean {
  return outline
    .split('\n')
    .flatMap((line) => line.split(ELISION))
    .map((piece) => piece.trim())
    .every((piece) => source.includes(piece));
}

describe('OutlinePool', { timeout: 60_000 }, () => {
  const pool = new OutlinePool(2);
  afterAll(() => pool.close());

  it('covers every language of the table with a fixture', () => {
    expect(new Set(CASES.map(([language]) => language))).toEqual(
      new Set(Object.keys(OUTLINE_LANGUAGES).filter((language) => language !== 'jsx')),
    );
  });

  describe.each(CASES)('%s', (_language, file, kept) => {
    it('keeps declarations, signatures and doc comments, and drops every body', async () => {
      const source = fixture(file);
      const [outline] = await pool.outlineMany([{ path: `src/${file}`, text: source }]);
      expect(outline).not.toBeNull();
      for (const text of kept) expect(outline).toContain(text);
      expect(source).toContain('BODY_MARKER');
      expect(outline).not.toContain('BODY_MARKER');
      expect(piecesComeFromSource(outline!, source)).toBe(true);
      expect(outline!.length).toBeLessThan(source.length);
    });
  });

  it('returns null for files without an outline language, in input order', async () => {
    const outlines = await pool.outlineMany([
      { path: 'README.md', text: '# Title\n\nfunction f() { return 1; }\n' },
      { path: 'a.js', text: 'function f() {\n  return 1;\n}\n' },
      { path: 'data.json', text: '{"a": 1}' },
      { path: 'Makefile', text: 'all:\n\techo hi\n' },
      { path: 'no-extension', text: 'def f():\n    return 1\n' },
      { path: 'b.py', text: 'def f():\n    return 1\n' },
    ]);
    expect(outlines).toEqual([
      null,
      'function f() { … }\n',
      null,
      null,
      null,
      'def f():\n    ...\n',
    ]);
    expect(await pool.outlineMany([])).toEqual([]);
  });

  it('outlines text around multi-byte characters at the right places', async () => {
    const text =
      '// héllo 😀\nfunction a() { return "ü😀"; }\nconst b = "✓";\nfunction c() { return 2; }\n';
    const [outline] = await pool.outlineMany([{ path: 'u.js', text }]);
    expect(outline).toBe('// héllo 😀\nfunction a() { … }\nconst b = "✓";\nfunction c() { … }\n');
  });

  it('spreads a large selection over the workers and keeps each file at its index', async () => {
    const files = Array.from({ length: 300 }, (_, i) => ({
      path: `src/f${i}.ts`,
      text: `export function f${i}(x: number): number {\n  return x + ${i};\n}\n`.repeat(40),
    }));
    const outlines = await pool.outlineMany(files);
    outlines.forEach((outline, i) => {
      expect(outline).toBe(`export function f${i}(x: number): number { … }\n`.repeat(40));
    });
  });
});
