; Python: a function keeps its decorators, signature and docstring; the rest becomes `...`.
((function_definition body: (block) @body)
  (#set! placeholder "..."))
(function_definition
  body: (block . (expression_statement (string)) @keep))
