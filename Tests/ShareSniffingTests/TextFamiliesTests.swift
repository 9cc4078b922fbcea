import Testing

@testable import ShareSniffing

/// The text-family checks on their own, one row per rule of `TextFamilies`, including the
/// traps: prose with commas, RFC 822 headers, INI files, lists without other Markdown.
@Suite struct TextFamiliesTests {
  /// Text, libmagic's answer, and the expected family (nil: nothing specific).
  static let rows: [(String, String, String?)] = [
    ("<!-- made by hand -->\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "text/plain", "image/svg+xml"),
    ("<?xml version=\"1.0\"?>\n<!DOCTYPE svg [ <!ENTITY a \"b\"> ]>\n<svg/>", "application/xml", "image/svg+xml"),
    ("<!doctype html>\n<title>x</title>", "text/html", "text/html"),
    ("<p>Hello</p>\n", "text/plain", "text/html"),
    ("<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><body/></html>", "application/xml",
     "application/xhtml+xml"),
    ("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body/></html>", "text/html", "text/html"),
    ("<rdf:RDF xmlns:rdf=\"x\" xmlns=\"http://purl.org/rss/1.0/\"></rdf:RDF>", "application/xml",
     "application/rss+xml"),
    ("<feed xmlns=\"http://www.w3.org/2005/Atom\"></feed>", "application/xml", "application/atom+xml"),
    ("<feed></feed>", "text/plain", "application/xml"),  // no Atom namespace: just XML
    // OpenDocument as one XML file: the office namespace and a document type it has a flat form of.
    ("<?xml version=\"1.0\"?>\n<office:document xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\"\n"
      + "  office:mimetype=\"application/vnd.oasis.opendocument.spreadsheet\"><office:body/></office:document>",
     "application/xml", "application/vnd.oasis.opendocument.spreadsheet-flat-xml"),
    ("<?xml version=\"1.0\"?><o:document xmlns:o=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" "
      + "o:mimetype=\"application/vnd.oasis.opendocument.graphics\"/>", "application/xml",
     "application/vnd.oasis.opendocument.graphics-flat-xml"),
    ("<?xml version=\"1.0\"?><office:document xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" "
      + "office:mimetype=\"application/vnd.oasis.opendocument.formula\"/>", "application/xml", "application/xml"),
    ("<?xml version=\"1.0\"?><office:document xmlns:office=\"urn:example:office\" "
      + "office:mimetype=\"application/vnd.oasis.opendocument.text\"/>", "application/xml", "application/xml"),
    ("<a href=x>unclosed", "text/plain", "text/html"),
    ("BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n", "text/plain", "text/vcard"),
    ("begin:vcalendar\nend:vcalendar\n", "text/plain", "text/calendar"),
    ("{\"a\": [1, 2]}", "text/plain", "application/json"),
    ("[1, 2", "text/plain", nil),  // a whole file that does not parse is not JSON
    ("a,b,c\n1,2,3\n4,5,6\n", "text/plain", "text/csv"),
    ("a;b;c\n1;2;3\n", "text/plain", "text/csv"),
    ("a\tb\n1\t2\n", "text/plain", "text/tab-separated-values"),
    ("name,comment\nAna,\"two\nlines, one field\"\n", "text/plain", "text/csv"),
    ("Apples, pears, and plums.\nBread, milk, and eggs.\n", "text/csv", "text/plain"),  // prose, not records
    ("Red, green, blue\nOne, two, three\n", "text/plain", nil),  // fields after a space: prose
    ("a,b\n1,2,3\n", "text/plain", nil),  // ragged: not records
    ("SELECT id FROM t WHERE x = 1;\n", "text/plain", "application/sql"),
    ("GRANT SELECT, INSERT ON orders TO reporting;\n", "text/plain", "application/sql"),
    ("GRANT admin TO ana;\n", "text/plain", "application/sql"),
    ("grant {\n    permission java.security.AllPermission;\n};\n", "text/plain", nil),  // a Java policy file
    ("Licensor does not grant any rights to trademarks;\nsee section 4.\n", "text/plain", nil),
    ("Select the best one; then leave.\n", "text/plain", nil),  // no FROM: an English sentence
    ("body { margin: 0; }\n@media print { p { color: red; } }\n", "text/plain", "text/css"),
    ("if (a) { b: c; }", "text/plain", nil),
    ("[server]\nhost = \"example.com\"\nport = 8080\n", "text/plain", "application/toml"),
    ("[server]\nhost = example.com\n", "text/plain", nil),  // an INI file: bare values
    ("name: x\nitems:\n  - a\n  - b\n", "text/plain", "application/yaml"),
    ("script: |\n  echo one\n  echo two\nname: x\n", "text/plain", "application/yaml"),
    // robots.txt: its groups repeat their fields, and `*` is no YAML alias.
    ("User-Agent: goodbot\nDisallow:\n\nUser-Agent: badbot\nDisallow: /\n", "text/plain", nil),
    ("User-agent: *\nDisallow: /wp-admin/\nSitemap: https://example.com/sitemap.xml\n", "text/plain", nil),
    ("name: a\nvalue: 1\n---\nname: b\nvalue: 2\n", "text/plain", "application/yaml"),  // two documents
    ("Files: *\nCopyright: 2020 A\n 2021 B\n .\n", "text/plain", nil),  // RFC 822 folding, not YAML
    ("Note: bring the forms.\nSee you at eight.\n", "text/plain", nil),
    ("# Title\n\nSome **bold** text.\n", "text/plain", "text/markdown"),
    ("Shopping\n\n- eggs\n- milk\n", "text/plain", nil),  // a list alone is plain text
    // Headings alone: an outline at two levels, each heading with a blank line (or an HTML block)
    // after it, is a document; comments that run on into code, or `#` lines without a space, are not.
    ("# Notes\n\n## Why\n\nBecause.\n\n## How\n\nSlowly!\n", "text/plain", "text/markdown"),
    ("## Licence\n\n### MIT\n<pre>\nPermission is granted.\n</pre>\n", "text/plain", "text/markdown"),
    ("# Notes\n\nBecause.\n", "text/plain", nil),  // one level
    // A comment block (`#` lines one after another) is no heading, whatever code spans follow.
    ("# Configuration for the locking module.\n# Lines below are read by `pam_faillock`.\ndeny = 3\nunlock_time = 600\n", "text/plain", nil),
    ("# `docs.pipext` uses pip's internals to generate documentation. So, we install\n# the current directory to make it work.\n"
      + "sphinx ~= 4.2\nfuro\n", "text/plain", nil),
    ("## vim:ft=zsh\n# find the binary\nlocal cmd\nzstyle -s x cmd\n", "text/plain", nil),  // comments on code
    ("# Settings\n\n## Network\n\n#Port 22\nListenAddress 0.0.0.0\n", "text/plain", nil),  // #key: configuration
    // X11's text images; a C header's dimensions without the bits are no bitmap.
    ("! XPM2\n2 1 2 1\n# c #000000\n. c #ffffff\n#.\n", "text/plain", "image/x-xpixmap"),
    ("#define icon_width 8\n#define icon_height 2\nstatic unsigned char icon_bits[] = {\n 0x00, 0xff };\n", "text/plain", "image/x-xbitmap"),
    ("#define icon_width 8\n#define icon_height 2\nint area = icon_width * icon_height;\n", "text/plain", nil),
    ("#define icon_width 8\n#define logo_height 2\nstatic char logo_bits[] = {\n 0x00 };\n", "text/plain", nil),
    // Makefiles: rules whose recipes are tab-indented, linked by a file, or beside make's syntax.
    ("prog: prog.o\n\tgcc -o prog prog.o\n\nprog.o: prog.c\n\tgcc -c prog.c\n", "text/plain", "text/x-makefile"),
    ("# Build\n.PHONY: all\nall:\n\t@echo `date`\n", "text/plain", "text/x-makefile"),
    ("CC ?= cc\nifeq ($(DEBUG),1)\nCFLAGS += -g\nendif\nSRC := $(wildcard *.c)\n", "text/plain", "text/x-makefile"),
    ("Note:\n\tThe quoted line.\nExample:\n\tAnother one.\n", "text/plain", nil),  // prose with tab-indented quotes
    ("build: a b\n\tstep one\nrun: build\n\tstep two\n", "text/plain", nil),  // words, not files, link these
    ("check: os.pl\n\tprint $^O;\n", "text/plain", nil),  // Perl's $^O is no automatic variable
    ("V ?= 1\nifdef V\nX := $(call f,1)\nendif # V\n", "text/plain", "text/x-makefile"),  // endif with a comment
    ("check: os.pl\n\tperl $^ -e 1\n", "text/plain", "text/x-makefile"),
    ("Intro\n\n```swift\nimport Foundation\nfunc f() {}\n```\n\n## Usage\n", "text/plain", "text/markdown"),
    ("import Foundation\nlet x: Int = 1\n", "text/plain", "text/x-swift"),
    ("import Foundation\n", "text/plain", nil),  // one line is not enough to tell
    ("import Foundation\n\nlet string = \"Hello\"\nprint(string)\n", "text/plain", "text/x-swift"),  // a script
    ("let a = 1\nlet b = 2\nlet c = 3\nlet d = 4\nconsole.log(a)\n", "text/plain", nil),  // JavaScript without semicolons: not Swift
    ("let a = 1\nlet b = 2\nlet c = 3\nlet d = 4\nlet e = 5\n", "text/plain", nil),  // no Swift-only line
    ("func s:Foo(a)\n  return a:a\nendfunc\nlet g:one = 1\nlet g:two = 2\nlet g:three = 3\n", "text/plain", nil),  // Vim script
    ("import UIKit\n\nfinal class A {\n  func b() {}\n}\n", "text/x-c", "text/x-swift"),
    // ooc writes func as a value after a colon; Swift's func is a declaration's keyword.
    ("Int: cover from int {\n    toString: func -> String { \"%d\" format() }\n}\nDog: class extends Animal {\n    barf: func { (\"woof! \" * 2) println() }\n}\n", "text/plain", nil),
    ("@objc func tap(_ sender: Any) {}\npublic static func make() -> Self { Self() }\n", "text/plain", "text/x-swift"),
    ("#include <stdio.h>\nstruct point {\n  int x;\n};\nint main(void) { return 0; }\n", "text/x-c", nil),
    ("import os\n\ndef main():\n    print(os.getcwd())\n", "text/plain", "text/x-python"),
    ("const fs = require('fs');\nmodule.exports = {};\n", "text/plain", "text/javascript"),
    ("See atspi/atspi-document.c and the window.h header.\n", "text/plain", nil),
    ("package main\n\nfunc main() {\n}\n", "text/plain", "text/x-go"),  // Go, not Swift
    // Languages by lines only they write (Languages.swift), and their lookalikes.
    ("import \"fmt\"\nfunc main() {\n    fmt.Println(\"hi\")\n}\n", "text/x-c", "text/x-go"),
    ("package app\n\nfun main() {\n    println(\"hi\")\n}\n", "text/plain", "text/x-kotlin"),  // Kotlin: fun, not Go's func
    ("fun main(args: Array<String>) {\n    println(\"Hello\")\n}\n", "text/x-java", "text/x-kotlin"),
    ("package a.b\n\nimport a.c.D\n\nclass E {\n  private fun <T> f(x: T): T = x\n}\n", "text/x-c++", "text/x-kotlin"),
    ("object A {\n  def fun(x: Int): Int = x\n}\n", "text/plain", nil),  // a def line alone: not Kotlin, not yet Scala
    // Scala: a line only it writes, with another or with a typed def line.
    ("import scala.util.Try\n\nobject A {\n  def parse(s: String): Option[Int] = Try(s.toInt).toOption\n}\n", "text/plain", "text/x-scala"),
    ("object Hello extends App {\n  println(\"Hello\")\n}\n", "text/plain", "text/x-scala"),
    ("final case class Item(id: String)\n\nobject Item {\n  def apply(): Item = Item(\"a\")\n}\n", "text/x-java", "text/x-scala"),
    ("sealed trait Shape\ncase object Circle extends Shape\n", "text/plain", "text/x-scala"),
    ("class C {\n  implicit val ordering: Ordering[C] = Ordering.by(_.hashCode)\n  def current: Int = 1\n}\n", "text/plain", "text/x-scala"),
    ("object P:\n  def a(s: String): Boolean = s.isEmpty\n  def b: Int = 1\n  def c(n: Int): Any = n\n", "text/plain", "text/x-scala"),
    // Scala 2's entry point with its body (procedure syntax), which libmagic takes for Java.
    ("object HelloWorld {\n  def main(args: Array[String]) {\n    println(\"Hello, world!\")\n  }\n}\n", "text/x-java", "text/x-scala"),
    ("def main(args: Array[String]): ...\n", "text/plain", nil),  // a Python stub of that name
    ("def f(x: int = 3):\n    return x\n\ndef g(x): return x == 1\n", "text/plain", nil),  // Python's def lines
    ("def f(x) {\n  x * 2\n}\ndef g(String s) {\n  s\n}\n", "text/plain", nil),  // Groovy's
    ("def major = 1\ndef minor = 2\ndef patch = 3\nprintln major\n", "text/plain", nil),  // Groovy's variables
    ("def A : Clause<\"a\"> { let c = \"A\"; }\ndef B : Clause<\"b\"> { let c = \"B\"; }\ndef C : Clause<\"c\"> { let c = \"C\"; }\n", "text/plain", nil),  // TableGen
    ("case class is a Scala idiom; so is an object that extends App.\n", "text/plain", nil),  // prose mentioning it
    ("Having fun (really) today.\nfun times: ahead\nfun stuff to do\n", "text/plain", nil),  // prose
    // Dockerfiles: FROM and an image first (after ARG and comments), then instructions only.
    ("# syntax=docker/dockerfile:1\nARG VERSION=3.12\nFROM python:${VERSION}-slim AS base\nWORKDIR /app\nCOPY . .\n"
      + "RUN pip install -r requirements.txt \\\n    && rm -rf /root/.cache\nRUN <<EOF\nset -e\necho built\nEOF\nCMD [\"python\", \"app.py\"]\n",
      "text/plain", "text/x-dockerfile"),
    ("# The base image only.\nFROM gcr.io/google-appengine/python\n", "text/plain", "text/x-dockerfile"),
    ("FROM --platform=$BUILDPLATFORM golang:1.22 AS build\nRUN apt-get update && \\\n    # tools\n\n    apt-get install -y git\nCOPY . /src\n",
      "text/plain", "text/x-dockerfile"),
    ("from alpine:3.20\nrun apk add curl\n", "text/plain", nil),  // lower case: left as text
    ("From Tokyo\n", "text/plain", nil),  // a note: a capital is no image
    ("from mum\nadd eggs and milk\n", "text/plain", nil),  // a note
    ("SELECT name\nFROM users\nWHERE id = 1;\n", "text/plain", "application/sql"),  // SQL, not FROM first
    ("FROM the start, we RUN the show.\nRUN it again.\n", "text/plain", nil),  // prose: FROM names no image
    ("ADD . /app/\nRUN make\n", "text/plain", nil),  // a fragment with no FROM
    // Dart by its imports (libmagic takes Flutter's main for C); Meson by its first call; Verilog
    // and SystemVerilog by module … endmodule.
    ("import 'package:flutter/material.dart';\n\nvoid main() {\n  runApp(const MyApp());\n}\n", "text/x-c", "text/x-dart"),
    ("import \"dart:io\";\n\nvoid main() => stdout.writeln('hi');\n", "text/plain", "text/x-dart"),
    ("import { a } from './a.js';\nimport './app.js';\nexport const b = a;\n", "text/plain", "text/javascript"),  // JavaScript's imports
    ("# build\nproject('demo', 'c', version : '1.0')\nexecutable('demo', 'main.c')\n", "text/plain", "text/x-meson"),
    ("option('docs', type : 'boolean', value : false)\n", "text/plain", "text/x-meson"),
    ("project(\n  'checks',\n  'c', 'cython',\n  meson_version: '>=1.8.3',\n)\n", "text/plain", "text/x-meson"),
    ("project(demo C)\n", "text/plain", nil),  // CMake's project() takes no quotes
    ("module counter #(parameter W = 8) (\n  input clk,\n  output reg [W-1:0] q\n);\n  always @(posedge clk) q <= q + 1;\nendmodule\n",
      "text/plain", "text/x-verilog"),
    ("module fifo (input logic clk);\n  logic [7:0] data;\n  always_ff @(posedge clk) data <= data + 1;\nendmodule\n",
      "text/plain", "text/x-svsrc"),
    ("module one covers the basics.\nendmodule is the word that ends it.\n", "text/plain", nil),  // prose
    // A SystemVerilog file of functions: a directive, and a labelled end; a Verilog include file.
    ("\n`include \"test.svh\"\n\nfunction void\n  someclass::something();\n  $display(\"hi\");\nendfunction : something\n",
      "text/plain", "text/x-svsrc"),
    ("`timescale 1ns/1ps\nfunction [7:0] inc;\n  input [7:0] a;\n  inc = a + 1;\nendfunction\n", "text/plain", "text/x-verilog"),
    ("endfunction is what Octave writes.\n`include is a backquoted word.\n", "text/plain", nil),  // prose
    // MATLAB and Octave: a function line with outputs, and an end; Lua's functions have none.
    ("## Copyright\nfunction t = isdir (x)\n  t = exist (x, \"dir\") == 7;\nendfunction\n", "text/plain", "text/x-matlab"),
    ("function [m, s] = stats(x)\n  m = mean(x);\n  s = std(x);\nend\n", "text/plain", "text/x-matlab"),
    ("function greet(name)\n  print(\"hi \" .. name)\nend\n", "text/plain", nil),  // Lua
    ("function x = 1 is not code.\nend\n", "text/plain", nil),  // prose: no name after the =
    // C++ whose help string quotes an Octave function, a Texinfo manual's example, and a C
    // header of assembler macros are neither MATLAB nor assembler; Octave's internal names are.
    ("#include <string>\nstatic const char *help = R\"(\nfunction [a, b] = twoouts (x)\n  a = x;\nendfunction\n)\";\n", "text/x-c++", nil),
    ("@c Copyright\n@example\n@group\nfunction y = f (x)\n  y = zeros (2, 1);\nendfunction\n@end group\n@end example\n", "text/plain", nil),
    ("#ifndef ENV_H\n#define ENV_H\n  .section .text.init\n  .globl _start\n  li a0, 0\n  li a1, 1\n  li a2, 2\n#endif\n", "text/x-c", nil),
    ("function tf = __is_function__ (fcn)\n  tf = is_function_handle (fcn);\nendfunction\n", "text/plain", "text/x-matlab"),
    // MIPS, and a UVM class file with no directive; an interface's end.
    ("  .section .init\n  lw $gp,24($sp)\n  lw $ra,28($sp)\n  jr $ra\n  addu $sp,$sp,32\n", "text/plain", "text/x-asm"),
    ("class my_env extends uvm_env;\n  `uvm_component_utils(my_env)\n  function new(string name, uvm_component parent);\n"
      + "    super.new(name, parent);\n  endfunction\nendclass\n", "text/plain", "text/x-svsrc"),
    ("public class Point extends Shape;\n", "text/plain", nil),  // one class line, no end
    // MOF as vendors write it: a qualifier list after a space, the brace on the next line.
    ("[ Version(\"0.2.0\"), Provider(\"cmpi:LMI\") ]\nclass LMI_Fan: CIM_Fan\n{\n  uint32 Speed;\n};\n", "text/plain", "text/x-mof"),
    // CoffeeScript: two function literals (string interpolation is no brace); a C cast's arrow and PHP's are none.
    // Kotlin's and Swift's function types, Julia's arrows beside its end, a note's arrows: no CoffeeScript.
    ("@Composable\nfun ConfirmDialog(\n    onConfirm: () -> Unit,\n    onDismiss: () -> Unit\n) {\n    Text(\"Sure?\")\n}\n", "text/plain",
      nil),
    ("struct Picker {\n    var filter: (String) -> Bool\n    var completion: ([String]) -> Void\n}\n", "text/plain", "text/x-swift"),
    ("square = (x) -> x^2\ncube = (x) -> x^3\nfunction f(x)\n    x + 1\nend\n", "text/plain", nil),
    ("Keys\n  Back: -> previous page\n  Next: -> next page\n", "text/plain", nil),
    // C# since .NET 6 leaves `using System;` implicit: GTK's namespace alone is no Vala.
    ("using Gtk;\n\n// Start GTK, then show a window\nApplication.Init();\nvar window = new Window(\"Hi\") { DefaultWidth = 300 };\n"
      + "window.ShowAll();\nApplication.Run();\n", "text/plain", nil),
    // An assignment is no instruction; Python's class line is no MOF class; Turtle's prefixes may be any letters.
    ("global main\n\ndef main():\n    test = 1\n    push = 3\n    call = 4\n", "text/plain", nil),
    ("[Abstract]\nclass My_Base:\n    pass\n", "text/plain", nil),
    (".text\nclass A {\n  int a;\n  int b;\n  int c;\n}\n", "text/plain", nil),  // declarations, not int instructions
    ("@prefix café: <http://example.org/> .\ncafé:a café:b \"c\" .\n", "text/plain", "text/turtle"),
    ("eat = (food) -> \"#{food} eaten.\"\nmenu = (i, dish) -> \"Menu Item #{i}: #{dish}\"\n", "text/plain", "application/vnd.coffeescript"),
    ("square = (x) -> x * x\ncube = (x) -> x * square x\n", "text/plain", "application/vnd.coffeescript"),
    ("class A\n  constructor: (@name) ->\n  greet: ->\n    alert @name\n", "text/plain", "application/vnd.coffeescript"),
    ("n = (p)->next;\nm = (q)->prev; k = 0;\n", "text/plain", nil),  // C
    ("$a = $obj->get();\n$b = $obj->set(1); $c = 2;\n", "text/plain", nil),  // PHP
    ("a -> b\nb -> c\n", "text/plain", nil),  // a graph's edges
    // Assembler: a directive and instruction lines; a recipe that says "add" is none.
    ("\t.text\n\t.globl main\nmain:\n\tpushq %rbp\n\tmovq %rsp, %rbp\n\tpopq %rbp\n\tret\n", "text/plain", "text/x-asm"),
    ("section .data\nmsg: db \"hi\", 10\nsection .text\nglobal _start\n_start:\n  mov rax, 1\n  mov rdi, 1\n  syscall\n",
      "text/plain", "text/x-asm"),
    ("Recipe\n  add flour\n  add sugar and eggs to the bowl\n  mix well\n  push the dough down\n", "text/plain", nil),
    // Vala: GLib's namespaces without .NET's; C# with GTK writes using System too.
    ("using GLib;\n\npublic class Sample : Object {\n  public void run () { stdout.printf (\"hi\\n\"); }\n}\n", "text/plain", "text/x-vala"),
    ("using System;\nusing Gtk;\n\nclass App { static void Main() { Application.Init(); } }\n", "text/plain", "text/x-csharp"),
    // TriG: Turtle's directives and a named graph's block.
    ("@prefix rdfs:    <http://www.w3.org/2000/01/rdf-schema#> .\n@prefix ex: <http://example.org/> .\n\n<http://example.org/g> {\n"
      + "  ex:a rdfs:label \"A\" .\n}\n", "text/plain", "application/trig"),
    ("@prefix ex:   <http://example.org/> .\nex:a ex:b ex:c .\n", "text/plain", "text/turtle"),  // spaces after the colon
    // CIM's MOF: qualifiers and a schema class; a C# attribute and class are no MOF.
    ("// CIM\n   [Version ( \"2.8.0\" ), Description (\"A system.\")]\nclass CIM_UnitarySystem : CIM_System {\n   uint16 Dedicated;\n};\n",
      "text/plain", "text/x-mof"),
    ("[Serializable]\npublic class Point : IShape {\n    public int X;\n    public Point(int x) { X = x; }\n}\n", "text/plain", nil),
    // A GD-ROM table of contents: the track count, then that many track lines.
    ("3\n1 0 4 2352 track01.bin 0\n2 600 0 2352 track02.raw 0\n3 45000 4 2352 track03.bin 0\n", "text/plain", "application/x-gd-rom-cue"),
    ("2\n1 0 4 2352 track01.bin 0\n", "text/plain", nil),  // fewer tracks than counted
    ("3\n1 0 4 2352 a.bin 0\n2 600 0 2352 b.raw 0\nThree tracks.\n", "text/plain", nil),  // a line that is no track
    // SCSS and the indented Sass syntax: rules with Sass's own constructs.
    ("$primary: #0d6efd;\n\n@mixin button($color) {\n  background: $color;\n  &:hover { background: darken($color, 10%); }\n}\n\n"
      + ".btn {\n  @include button($primary);\n  padding: 0.5rem 1rem;\n  .icon { margin-right: 4px; }\n}\n", "text/plain", "text/x-scss"),
    ("// The grid\n@use 'sass:math';\n.grid {\n  width: math.div(100%, 3);\n  &__cell { float: left }\n}\n", "text/plain", "text/x-scss"),
    (".card {\n  color: black;\n  &:hover { color: red; }\n}\n", "text/plain", nil),  // CSS nesting, no Sass
    ("@primary: #428bca;\n.btn { color: @primary; .rounded(); }\n", "text/plain", nil),  // Less
    ("=rounded($r)\n  border-radius: $r\n\n.box\n  +rounded(4px)\n  color: red\n", "text/plain", "text/x-sass"),
    ("nav\n  ul\n    margin: 0\n  li\n    display: inline-block\n// links\na\n  color: $link\n", "text/plain", "text/x-sass"),
    ("server:\n  port: 8080\n  host: $HOST\n", "text/plain", "application/yaml"),  // YAML with a $ value
    ("Notes\n    color: red\n    size: large\n", "text/plain", nil),  // indented pairs, no Sass
    // Less with a // comment, and a JavaScript object, are no SCSS; Fortran's modules and
    // Gradle's project blocks are no Verilog or Meson.
    ("// Vars\n@primary: #337ab7;\n.btn { color: @primary; &:hover { color: darken(@primary, 10%); } }\n", "text/plain", nil),
    ("// webpack config\nmodule.exports = {\n  mode: 'production'\n}\n", "text/plain", nil),
    ("module consts\n  implicit none\n  real, parameter :: pi = 3.14159\nendmodule consts\n", "text/plain", nil),
    ("// root\nproject(':app') {\n  apply plugin: 'java'\n}\n", "text/plain", "text/x-gradle"),
    // Real SCSS: interpolation after an at-rule, keyframe steps, nested combinators, a data URL.
    ("@use 'sass:map';\n$mq: '(min-width: 768px)';\n@media #{$mq} {\n  .nav > li { float: left; }\n}\n@keyframes spin {\n  0% { opacity: 0; }\n"
      + "  100% { opacity: 1; }\n}\n.icon {\n  > span { background: url(data:image/png;base64,iVBORw0KGgo=); }\n  + .label { margin: 0 }\n}\n",
      "text/plain", "text/x-scss"),
    ("@mixin theme($c)\n  color: $c\n.a\n  +theme(red)\n", "text/plain", "text/x-sass"),
    // A YARA rule: its sections are no declarations, its $strings no variables.
    ("rule Suspicious_Run_Key {\n  strings:\n    $s1 = \"Software\\\\Microsoft\\\\Windows\\\\CurrentVersion\\\\Run\"\n    $s2 = \"Win32_Process\"\n"
      + "  condition:\n    $s1 and $s2\n}\n", "text/plain", nil),
    // A zsh completion function: its parameter expansion is no rule, its $(…) no variable; its tag makes it a script.
    ("#compdef dosread\n\nlocal expl\n\n_wanted files expl 'file on floppy' compadd - ${$(dosdir)[1,-5]:l}\n", "text/plain",
     "text/x-shellscript"),
    ("fn main() {\n    println!(\"Hello\");\n}\n", "text/x-c", "text/rust"),
    ("use std::io;\n\npub struct Point { x: i32 }\n", "text/plain", "text/rust"),
    ("const std = @import(\"std\");\npub fn main() void {\n    std.debug.print(\"hi\", .{});\n}\n", "text/plain", nil),  // Zig
    ("fn is a word.\nSo is impl.\n", "text/plain", nil),  // one declaration-like line, no macro
    ("import os\n\nfn = os.path.join(\"a\", \"b\")\nprint(fn)\n", "text/plain", nil),  // a Python variable named fn
    ("\"\"\"Docs.\n\n.. _guide: https://example.com\n\"\"\"\nimport os\n\ndef main():\n    pass\n", "text/plain", "text/x-python"),
    ("using System;\n\npublic class A {\n}\n", "text/x-c++", "text/x-csharp"),
    ("using namespace std;\nint main() { return 0; }\n", "text/x-c++", nil),  // C++
    ("cmake_minimum_required(VERSION 3.20)\nproject(demo C)\nadd_executable(demo main.c)\n", "text/plain", "text/x-cmake"),
    ("set(x 1)\nmessage(STATUS x)\n", "text/plain", nil),  // commands any CMake script calls
    ("\\version \"2.24.0\"\n{ c'4 d' e' }\n", "text/plain", "text/x-lilypond"),
    ("\\header { title = \"x\" }\n\\score { \\relative c' { c d e } }\n", "text/plain", "text/x-lilypond"),
    ("# language: en\n@smoke\nFeature: Sharing\n  Scenario: one photo\n    Given a photo\n", "text/plain", "text/x-gherkin"),
    ("shader_type canvas_item;\nvoid fragment() {\n}\n", "text/plain", "application/x-godot-shader"),
    ("extends Node2D\n\nfunc _ready():\n\tpass\n", "text/plain", "application/x-gdscript"),
    ("       IDENTIFICATION DIVISION.\n       PROGRAM-ID. HELLO.\n", "text/plain", "text/x-cobol"),
    ("version 1.1\n@totalColumns 2\nname: notEmpty\nage: range(0, 120)\n", "text/plain", "text/csv-schema"),
    ("#+TITLE: Notes\n* One\n** Two\n", "text/plain", "text/org"),
    ("@prefix ex: <http://example.org/> .\nex:a ex:b \"c\" .\n", "text/plain", "text/turtle"),
    ("Title\n=====\n\n.. image:: photo.jpg\n", "text/plain", "text/x-rst"),
    ("Usage\n\n.. _install:\n\nRun it.\n", "text/plain", "text/x-rst"),
    ("Metadata-Version: 2.1\nName: demo\n\n.. image:: badge.svg\n", "text/plain", nil),  // a metadata file, not reStructuredText
    ("class Hello {\n    public static void main(String[] args) {\n        System.out.println(\"hi\");\n    }\n}\n", "text/x-c++",
     "text/x-java"),
    ("package com.example;\n\nimport android.os.Bundle;\n", "text/plain", "text/x-java"),
    ("package com.example\n\nimport android.os.Bundle\n", "text/plain", nil),  // Kotlin: no semicolons
    // Mail in a mailbox, Maven's files, JSON dialects by their keys.
    ("From ana@example.com Fri Apr 25 22:12:15 2008\nFrom: Ana <ana@example.com>\nSubject: hi\n\nbody\n", "text/plain",
     "application/mbox"),
    ("From here on, read this.\nIt is prose.\n", "text/plain", nil),
    // News articles as a server stores them (libmagic's and freedesktop's rules: the first field is
    // Path: or Xref:); an article that starts with From: is news or mail to both, so mail.
    ("Path: news.example!not-for-mail\nFrom: ana@example.com\nNewsgroups: alt.test\nSubject: hi\nDate: 15 Apr 92 16:46:49 GMT\n\nbody\n",
     "text/plain", "message/news"),
    ("Xref: news.example alt.test:12\nFrom: ana@example.com\nNewsgroups: alt.test\nSubject: hi\n\nbody\n", "text/plain",
     "message/news"),
    ("From: ana@example.com\nNewsgroups: alt.test\nPath: news.example!not-for-mail\nSubject: hi\n\nbody\n", "text/plain",
     "message/rfc822"),
    ("Path: follow the river\nthen turn left at the mill.\n", "text/plain", nil),  // no header block
    ("From ana@example.com Fri Apr 25 22:12:15 2008\nPath: news.example!not-for-mail\nFrom: Ana <ana@example.com>\nSubject: hi\n\nbody\n",
     "text/plain", "application/mbox"),
    // Web archives: related parts no one mailed (Word's, Chrome's); a mailed message of related parts stays mail.
    ("MIME-Version: 1.0\nContent-Type: multipart/related; boundary=\"b\"\n\n--b\nContent-Type: text/html\n\n<p>x</p>\n--b--\n",
     "text/plain", "application/x-mimearchive"),
    ("From: <Saved by Blink>\nSnapshot-Content-Location: https://example.com/\nSubject: Example\nDate: Sat, 28 Nov 2026 10:00:00 -0000\n"
      + "MIME-Version: 1.0\nContent-Type: multipart/related;\n\ttype=\"text/html\";\n\tboundary=\"b\"\n\n--b--\n", "text/plain",
     "application/x-mimearchive"),
    ("From: Ana <ana@example.com>\nTo: Bo <bo@example.com>\nSubject: photo\nMIME-Version: 1.0\nContent-Type: multipart/related; boundary=b\n\n--b--\n",
     "text/plain", "message/rfc822"),
    ("<project>\n  <modelVersion>4.0.0</modelVersion>\n</project>\n", "text/plain", "text/x-maven+xml"),
    ("<project name=\"site\">\n  <target name=\"build\"/>\n</project>\n", "text/plain", "application/xml"),  // Ant, not Maven
    ("{\"metadata\": {}, \"nbformat\": 4, \"nbformat_minor\": 5, \"cells\": []}", "application/json", "application/x-ipynb+json"),
    ("{\"@context\": \"https://schema.org\", \"@type\": \"Person\"}", "application/json", "application/ld+json"),
    // Expanded JSON-LD: IRI properties whose values are node or value objects; a map of URLs is none.
    ("{\n  \"http://schema.org/name\": \"Manu\",\n  \"http://schema.org/url\": { \"@id\": \"http://manu.sporny.org/\" }\n}\n",
      "application/json", "application/ld+json"),
    ("{\"@id\": \"_:b0\", \"http://schema.org/name\": [{\"@value\": \"Ada\"}]}", "application/json", "application/ld+json"),
    ("{\"https://cdn.example.org/a.js\": \"sha384-abc\", \"https://cdn.example.org/b.js\": \"sha384-def\"}", "application/json",
      "application/json"),
    ("{\"http://example.org/x\": {\"@id\": \"a\"}, \"name\": \"plain key\"}", "application/json", "application/json"),
    // Expanded JSON-LD as jsonld.js and pyld write it: an array of nodes; an array of URL-keyed records is none.
    ("[{\"@id\": \"http://example.org/ada\", \"@type\": [\"http://schema.org/Person\"], "
      + "\"http://schema.org/name\": [{\"@value\": \"Ada\"}]}]", "application/json", "application/ld+json"),
    ("[{\"https://example.org/a\": 1}, {\"https://example.org/b\": 2}]", "application/json", "application/json"),
    // Jackson's class names (`@type`) under URL keys are no JSON-LD.
    ("{\"https://cdn.example.org/a.png\": {\"@type\": \"CacheEntry\", \"size\": 3}}", "application/json", "application/json"),
    ("{\"subject\": \"acct:ana@example.com\", \"links\": []}", "application/json", "application/jrd+json"),
    ("{\"subject\": \"Lunch\", \"links\": []}", "application/json", "application/json"),  // a subject that is no URI
    ("[{\"op\": \"add\", \"path\": \"/a\", \"value\": 1}, {\"op\": \"remove\", \"path\": \"/b\"}]", "application/json",
     "application/json-patch+json"),
    ("[{\"op\": \"add\", \"path\": \"/a\"}, {\"name\": \"x\"}]", "application/json", "application/json"),  // not every element
    ("M48\n;DRILL file {KiCad 7.0.1}\n;FORMAT={-:-/ absolute / metric / decimal}\nMETRIC\nT1C0.800\n%\nT1\nX12.7Y-25.4\nM30\n",
     "text/plain", "application/x-excellon"),
    ("M48\nM48 is a road in Wales.\n", "text/plain", nil),  // no drill header after it
    ("  0\r\nSECTION\r\n  2\r\nHEADER\r\n", "text/plain", "image/vnd.dxf"),
    ("999\nmade by hand\n0\nSECTION\n2\nENTITIES\n", "text/plain", "image/vnd.dxf"),
    ("0\nSECTIONS are numbered\n", "text/plain", nil),
    ("#!/usr/bin/tcl\nputs hi\n", "text/plain", "text/x-tcl"),
    // Shell scripts with no #! line (sourced fragments, zsh functions): blocks closed as only the
    // shell closes them, in code rather than prose; a sourced file's `export` is no JavaScript.
    ("agent_sock=$(gpgconf --list-dirs agent-socket)\nexport GPG_AGENT_INFO=${agent_sock}:0:1\n"
      + "if [ -n \"$SSH\" ]; then\n    export SSH_AUTH_SOCK=$(gpgconf --list-dirs agent-ssh-socket)\nfi\n", "text/plain",
     "text/x-shellscript"),
    ("for f in /etc/profile.d/*.sh; do\n  [ -r \"$f\" ] && . \"$f\"\ndone\nunset f\n", "text/plain", "text/x-shellscript"),
    ("case $OSTYPE in\n  linux*) args=(-e) ;;\n  *) args=() ;;\nesac\n", "text/plain", "text/x-shellscript"),
    ("#compdef w\n\nlocal args\n_arguments -s $args\n", "text/plain", "text/x-shellscript"),
    ("#autoload\n\nlocal expl\n_wanted hosts expl host compadd -a hosts\n", "text/plain", "text/x-shellscript"),
    ("if [ -n \"$A\" ]; then\n  export B=1\nfi\n", "text/x-c", nil),  // libmagic's answer is kept
    ("Install the hook, then run it once so that the package is configured again.\n"
      + "The maintainer script should look like the example that follows below.\n"
      + "    if [ \"$1\" = configure ]; then\n        update-foo\n    fi\n"
      + "Nothing else is needed for this, and the trigger is processed later on.\n", "text/plain", nil),  // prose quoting a snippet
    ("if x > 0 then\n  print(x)\nend\n", "text/plain", nil),  // Lua closes with end
    ("umask 022\nif [ -n \"$A\" ];then export B=1; fi\nfor f in a b;do echo $f; done\n", "text/plain", "text/x-shellscript"),  // one-line blocks
    ("if [ -r ~/.profile ]; then # the user's own\n  . ~/.profile\nfi\n", "text/plain", "text/x-shellscript"),
    ("while read -r line; do\n  echo \"$line\"\ndone 1>&2 < list\n", "text/plain", "text/x-shellscript"),
    ("agent=$(gpgconf --list-dirs agent-socket)\nif [ -n \"$(gpgconf --list-options gpg-agent | \\\n"
      + "      awk -F: '/^enable-ssh-support:/{ print $10 }')\" ]; then\n    export SSH_AUTH_SOCK=$agent\nfi\n", "text/plain",
     "text/x-shellscript"),  // the condition continued on the next line
    // Shell blocks other formats quote: a CI file's block scalar, an Org source block, a string in
    // another language (indented: no block at the margin).
    ("name: ci\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n"
      + "          if [ -f requirements.txt ]; then\n            pip install -r requirements.txt\n          fi\n", "text/plain",
     "application/yaml"),
    ("#+TITLE: Deploy\n#+BEGIN_SRC sh\nfor h in web1 web2; do\n  ssh $h restart\ndone\n#+END_SRC\n", "text/plain", "text/org"),
    ("pipeline {\n  stages {\n    stage('Build') {\n      steps {\n        sh '''\n          if [ -d out ]; then\n"
      + "            rm -r out\n          fi\n        '''\n      }\n    }\n  }\n}\n", "text/plain", nil),
    // Vim script: its own statements, whatever its func and function lines look like.
    ("\" Vim settings\nset nocompatible\nlet g:loaded = 1\nfunction Toggle()\n  call setline(1, 'x')\nendfunction\n"
      + "let s:cpo = &cpo\nexport default function run() {}\n", "text/plain", nil),
    ("func s:Update(name)\n  let s:value = a:name\n  call s:Show(a:name)\nendfunc\n\nfunc s:Show(name)\n  echo a:name\nendfunc\n"
      + "func s:Load(file)\n  exe 'source ' . a:file\nendfunc\n", "text/plain", nil),
    ("\" Maintainer: Ana\nlet b:keymap_name = \"sk\"\nloadkeymap\n# 3\n- 4\n* 5\n", "text/plain", nil),
    // A plugin's README quotes its settings under Markdown headings; Vim9 script's comments start with #.
    ("# vim-foo\n\nA plugin that formats on save.\n\n## Setup\n\n    \" Format on save\n    let g:foo_autoformat = 1\n"
      + "    call foo#enable()\n\n## Licence\n\nMIT\n", "text/plain", "text/markdown"),
    ("vim9script\n\n# Completion for ConTeXt\nexport def Complete(findstart: number): number\n  return 0\nenddef\n", "text/plain", nil),
    // Octave's variables named like Vim's commands are no Vim statements.
    ("function h = bar3 (x)\n  hi = image (x);\n  call = 2;\n  h = hi;\nendfunction\n", "text/plain", "text/x-matlab"),
    ("package Demo;\nuse strict;\nuse warnings;\n\nsub new { return bless {}, shift }\n1;\n", "text/plain", "text/x-perl"),
    ("'use strict';\nconst a = require('a');\nmodule.exports = a;\n", "text/plain", "text/javascript"),  // JavaScript's, quoted
    // Prose about functions is no JavaScript: "functions (mpz)" is no declaration, "the document." no member.
    ("Signed integer arithmetic functions (mpz) are fast.\nRational arithmetic functions (mpq) are exact.\nSee the document.\n",
     "text/plain", nil),
    ("function draw(ctx) {\n  ctx.fill();\n}\ndocument.title = 'Chart';\n", "text/plain", "text/javascript"),
    ("apply plugin: 'java'\n\nrepositories {\n    mavenCentral()\n}\n", "text/plain", "text/x-gradle"),
    ("dependencies {\n    implementation 'androidx.core:core-ktx:1.12.0'\n}\n", "text/plain", "text/x-gradle"),
    ("dependencies {\n    implementation(\"androidx.core:core-ktx:1.12.0\")\n}\n", "text/plain", nil),  // Kotlin DSL
    (";; a factorial\n(define (fac n)\n  (if (= n 0) 1 (* n (fac (- n 1)))))\n", "text/plain", "text/x-scheme"),
    ("; Slic3r\nM107\nG28 ; home\nG1 Z5 F5000\nM104 S200\n", "text/plain", "text/x.gcode"),
    ("Gallery opens.\nG1 is a road.\nM4 too.\nM5 as well.\n", "text/plain", nil),  // the first line is no command
    ("meta:\n  id: ico\n  endian: le\nseq:\n  - id: magic\n    contents: [0, 0, 1, 0]\n", "text/plain", "text/x-kaitai-struct"),
    ("<SAMI>\n<HEAD><TITLE>x</TITLE></HEAD>\n</SAMI>\n", "text/plain", "application/x-sami"),
    ("<asx version=\"3.0\">\n  <entry><ref href=\"a.wma\"/></entry>\n</asx>\n", "text/plain", "audio/x-ms-asx"),
  ]

  @Test(arguments: rows)
  func family(_ text: String, _ sniffed: String, _ expected: String?) {
    let found = TextFamilies.identify(Array(text.utf8), isComplete: true, sniffed: sniffed)
    #expect(found?.type == expected, "\(found?.evidence ?? "nothing found")")
  }

  /// The same texts with Windows line ends (CR LF) give the same answers: lines are cut at the
  /// LF byte and lose the CR (as Characters, CR LF is one Character, so a split on "\n" missed it).
  @Test(arguments: rows)
  func crlfLineEndsGiveTheSameFamily(_ text: String, _ sniffed: String, _ expected: String?) {
    var crlf: [UInt8] = []
    for byte in text.utf8 {
      if byte == 0x0A && crlf.last != 0x0D { crlf.append(0x0D) }
      crlf.append(byte)
    }
    let found = TextFamilies.identify(crlf, isComplete: true, sniffed: sniffed)
    #expect(found?.type == expected, "\(found?.evidence ?? "nothing found")")
  }

  /// Make's rule lines: targets and prerequisites are file names, patterns or `$(…)` references.
  @Test(arguments: [
    ("prog: prog.o", true), ("$(OBJ)/%.o: %.c $(HEADERS)", true), ("all:", true), (".PHONY: all clean", true),
    ("install:: all | dirs", true), ("def main():", false), ("all: (x)", false), ("CC := cc", false),
    ("url: http://example.org", false), ("$(OBJ: x", false),
    ("Note: see below", true),  // prose can be rule-shaped: so a rule alone never makes a makefile
  ])
  func makeRules(_ line: String, _ isRule: Bool) {
    #expect((TextFamilies.rule(Substring(line)) != nil) == isRule)
  }

  @Test func aCutCRLFHeadIgnoresItsLastLine() {
    let found = TextFamilies.identify(Array("a,b\r\n1,2\r\n3".utf8), isComplete: false, sniffed: "text/plain")
    #expect(found?.type == "text/csv")
  }

  @Test func aCutHeadIgnoresItsLastLine() {
    // Two whole records and a cut third one: still CSV.
    let found = TextFamilies.identify(Array("a,b\n1,2\n3".utf8), isComplete: false, sniffed: "text/plain")
    #expect(found?.type == "text/csv")
  }

  @Test func utf16AndBinaryAreLeftAlone() {
    #expect(TextFamilies.identify([0xFF, 0xFE, 0x61, 0x00], isComplete: true, sniffed: "text/plain") == nil)
  }
}
