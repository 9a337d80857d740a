; Ruby: methods keep `def name(params)` and `end`; their statements become a comment.
((method body: (_) @body)
  (#set! placeholder "# …"))
((singleton_method body: (_) @body)
  (#set! placeholder "# …"))
