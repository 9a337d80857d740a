; Java: methods, constructors, lambdas with a block and initializer blocks lose their body.
(method_declaration body: (block) @body)
(constructor_declaration body: (constructor_body) @body)
(compact_constructor_declaration body: (block) @body)
(lambda_expression body: (block) @body)
(static_initializer (block) @body)
