; C#: methods, constructors, operators, accessors and local functions lose their body,
; block or `=> expression`.
(method_declaration body: (block) @body)
(constructor_declaration body: (block) @body)
(destructor_declaration body: (block) @body)
(operator_declaration body: (block) @body)
(conversion_operator_declaration body: (block) @body)
(accessor_declaration body: (block) @body)
(local_function_statement body: (block) @body)
((arrow_expression_clause) @body
  (#set! placeholder "=> …"))
