import Testing

@testable import TextCleaning

@Suite("HTML to plain text")
struct HTMLTextTests {
  @Test func namedAndNumericEntitiesAreDecoded() {
    #expect(HTMLText.decodingEntities("A &amp; B &lt;3&gt; &eacute;t&eacute; H&alpha;") == "A & B <3> été Hα")
    #expect(HTMLText.decodingEntities("&#8217; &#x2019; &#X2014; &#39;") == "\u{2019} \u{2019} \u{2014} '")
  }

  @Test func unknownAndUnterminatedEntitiesStayAsWritten() {
    #expect(HTMLText.decodingEntities("AT&T &bogus; &amp") == "AT&T &bogus; &amp")
  }

  @Test func invalidNumericEntitiesBecomeNothing() {
    #expect(HTMLText.decodingEntities("a&#xD800;b&#0;c") == "abc")
  }

  @Test func tagsAreStrippedAndLinkTextKept() {
    #expect(HTMLText.plainText(fromHTML: #"See <a href="x">this <em>nebula</em></a>."#) == "See this nebula.")
  }

  @Test func singleBreakEndsALineAndDoubleBreakMakesAParagraph() {
    #expect(HTMLText.plainText(fromHTML: "one<br>two<br/><br />three") == "one\ntwo\n\nthree")
  }

  @Test func sourceNewlinesAreJustSpaces() {
    #expect(HTMLText.plainText(fromHTML: "one\ntwo\r\n   three\tfour") == "one two three four")
  }

  @Test func paragraphsAreSeparatedByOneBlankLine() {
    #expect(HTMLText.plainText(fromHTML: "<p>First.</p>\n\n<p>Second.</p>") == "First.\n\nSecond.")
  }

  @Test func commentsScriptsAndStylesAreSkipped() {
    let html = "<!-- hidden --><style>p { color: red }</style>Shown<script>if (a < b) {}</script>!"
    #expect(HTMLText.plainText(fromHTML: html) == "Shown!")
  }

  @Test func lessThanThatIsNotMarkupIsKept() {
    #expect(HTMLText.plainText(fromHTML: "mass < 3 solar masses") == "mass < 3 solar masses")
  }

  @Test func labelAndTomorrowTailAreDroppedWhateverTheApostrophe() {
    #expect(APODText.withoutLabelAndTail("Explanation: Body.\nTomorrow\u{2019}s picture: x") == "Body.")
    #expect(APODText.withoutLabelAndTail("EXPLANATION:Body. tomorrow's Picture: y") == "Body.")
    #expect(APODText.withoutLabelAndTail("No label here.") == "No label here.")
  }

  @Test func tagAttributesAreParsedWithEitherQuote() {
    let tokens = HTMLText.tokens(#"<iframe width=960 src='https://a.example/x?a=1&amp;b=2' allowfullscreen>"#)
    guard case .tag(let tag) = tokens.first else {
      Issue.record("no tag parsed")
      return
    }
    #expect(tag.name == "iframe")
    #expect(tag.attributes["src"] == "https://a.example/x?a=1&b=2")
    #expect(tag.attributes["width"] == "960")
  }
}
